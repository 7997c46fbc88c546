import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  // Visitors whose system asks for less motion get no transitions (modals, menus, toasts).
  respectReducedMotion: true,
});
