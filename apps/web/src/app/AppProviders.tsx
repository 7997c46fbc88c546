// Everything a page needs around it: Mantine theme, notifications, modals and the query cache.
import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { styleNonceGetter } from './csp-nonce';
import { theme } from './theme';

// Both listen to module-level APIs (`notifications.show`, `modals.openConfirmModal` raise events
// and fill a store), so they sit beside the page rather than around it and load after it: their
// code and their portals are not part of a page's first render (decision 0014).
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);
const ModalsProvider = lazy(() =>
  import('@mantine/modals').then((module) => ({ default: module.ModalsProvider })),
);

type AppProvidersProps = {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off transitions and portals. */
  env?: 'default' | 'test';
};

export function AppProviders({ queryClient, children, env = 'default' }: AppProvidersProps) {
  const [getStyleNonce] = useState(styleNonceGetter);
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} defaultColorScheme="light" env={env} getStyleNonce={getStyleNonce}>
        {children}
        <Suspense fallback={null}>
          <Notifications position="top-right" />
          <ModalsProvider />
        </Suspense>
      </MantineProvider>
    </QueryClientProvider>
  );
}
