import './app/first-paint-styles';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { AppRoot } from './app/AppRoot';
import { canHydrate, clearStamp } from './app/prerendered';
import { createQueryClient } from './app/query-client';
import { appRoutes } from './app/routes';
import { sessionQueryOptions } from './features/auth/queries';
import { currentLanguage, i18nReady } from './i18n';

const queryClient = createQueryClient();
const router = createBrowserRouter(appRoutes);
const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Missing #root element');
const root = rootElement;

async function start() {
  // The language and the common texts first: no render ever shows raw translation keys.
  await i18nReady;
  const app = <AppRoot queryClient={queryClient} router={router} />;
  const visit = { path: window.location.pathname, language: currentLanguage(), year: new Date().getFullYear() };
  if (canHydrate(root, visit)) {
    // The build prerendered this very page (scripts/prerender.mjs): keep its markup, attach to it.
    hydrateRoot(root, app);
  } else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
  clearStamp(root);
  // Check the session right after, in a task of its own: it tells who is signed in and hands out
  // the CSRF cookie that every later POST needs. Public pages render without waiting for it.
  setTimeout(() => void queryClient.prefetchQuery(sessionQueryOptions), 0);
}

void start();
