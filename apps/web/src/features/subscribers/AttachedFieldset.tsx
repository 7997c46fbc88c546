// The fields of a subscriber page's form: disabled while the server-rendered page is being taken
// over by the app, a moment on a slow phone, so nothing typed or ticked then is lost (useHydrated).
import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { useHydrated } from '../../components/use-hydrated';

export function AttachedFieldset({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <Box component="fieldset" disabled={!hydrated} m={0} p={0} miw={0} style={{ border: 0 }}>
      {children}
    </Box>
  );
}
