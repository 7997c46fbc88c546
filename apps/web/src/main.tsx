// Entry: attaches the app to the prerendered page (or renders it afresh) in short steps, each a
// task of its own, so that no single task holds the main thread for long (decision 0014).
import './app/zod-without-eval';
import './app/first-paint-styles';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import {
  canHydrate,
  clearStamp,
  readSubscriberPageData,
  STALE_ATTRIBUTE,
  type TPageRender,
} from './app/prerendered';
import { currentLanguage, i18nReady } from './i18n';

// Starts downloading at once; evaluated apart from this module (React, the translator, the router).
const bootModule = import('./app/boot');
// A subscriber page the server rendered for its station (decision 0044), and what attaches to it.
const subscriberPage = readSubscriberPageData();
const subscriberModule = subscriberPage ? import('./features/subscribers/server-rendered') : null;

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Missing #root element');
const root = rootElement;

/** Ends the current task: the browser may paint and handle input before the next step. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start() {
  // The language and the common texts first: no render ever shows raw translation keys.
  const [{ AppRoot, appRoutes, createQueryClient, sessionQueryOptions }, , subscriber] = await Promise.all([
    bootModule,
    i18nReady,
    subscriberModule,
  ]);
  await nextTask();
  const router = createBrowserRouter(appRoutes);
  const queryClient = createQueryClient();
  await nextTask();
  const app = <AppRoot queryClient={queryClient} router={router} />;
  const visit: TPageRender = {
    path: window.location.pathname,
    language: currentLanguage(),
    year: new Date().getFullYear(),
    ...(subscriberPage && subscriber
      ? { subscriberLanguage: subscriber.visitorLanguage(subscriberPage) }
      : {}),
  };
  if (canHydrate(root, visit)) {
    if (subscriberPage && subscriber) await subscriber.prepareRenderedPage(subscriberPage, queryClient);
    // The build prerendered this very page (scripts/prerender.mjs): keep its markup, attach to it.
    // As a transition, hydration yields to the browser between components instead of holding
    // the main thread; the markup is already on screen, so nothing waits for it.
    // Its buttons take clicks once the page's code has loaded (releasePrerenderedMarkup).
    startTransition(() => {
      hydrateRoot(root, app);
    });
    document.documentElement.removeAttribute(STALE_ATTRIBUTE);
  } else {
    root.replaceChildren();
    clearStamp(root);
    createRoot(root).render(app);
  }
  // Check the session right after, in a task of its own: it tells who is signed in and hands out
  // the CSRF cookie that every later POST needs. Public pages render without waiting for it.
  setTimeout(() => void queryClient.prefetchQuery(sessionQueryOptions), 0);
}

void start();
