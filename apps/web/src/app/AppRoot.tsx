// The whole app around a router: one tree for the browser and for build-time prerendering, so
// the prerendered HTML hydrates without a mismatch.
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { type DataRouter, RouterProvider } from 'react-router';
import { AppProviders } from './AppProviders';
import { flushDomUpdates } from './flush-dom-updates';

type AppRootProps = { queryClient: QueryClient; router: DataRouter };

export function AppRoot({ queryClient, router }: AppRootProps) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} flushSync={flushDomUpdates} />
      </AppProviders>
    </StrictMode>
  );
}
