import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { flushDomUpdates } from './app/flush-dom-updates';
import { createQueryClient } from './app/query-client';
import { appRoutes } from './app/routes';
import { sessionQueryOptions } from './features/auth/queries';

const queryClient = createQueryClient();
// Check the session at once: it tells who is signed in and hands out the CSRF cookie
// that every later POST needs. Public pages render without waiting for it.
void queryClient.prefetchQuery(sessionQueryOptions);

const router = createBrowserRouter(appRoutes);
const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Missing #root element');

createRoot(rootElement).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} flushSync={flushDomUpdates} />
    </AppProviders>
  </StrictMode>,
);
