// Component test setup (happy-dom): English UI, the jest-dom matchers, msw answering fetch, and a
// clean DOM, API, toasts, cookies and storage between tests (files share modules: isolate: false).
import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import i18n from '../i18n';
import { clearSentRequests, server, startApiMock, stopApiMock } from './api-mock';
import { deleteAllCookies } from './cookies';
import { fakeMediaQueryList } from './media-query';

const hasDom = typeof window !== 'undefined';

// findBy… and waitFor wait for what the user would see. Pages load their code, texts and styles on
// demand; on a busy two-core machine (the whole suite at once) a heavy page can take over the
// library's default second to appear, so the wait is longer. It changes no verdict: a query that
// is answered returns at once, and one that never is still fails.
configure({ asyncUtilTimeout: 10_000 });
// A test gets room for several such waits: the runner's default of 5 s would end it during the first.
vi.setConfig({ testTimeout: 30_000 });

// Mantine measures elements and reads media queries; happy-dom may lack either.
if (hasDom && typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
if (hasDom && typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) => fakeMediaQueryList(query, false);
}
// Textarea autosize listens for web fonts loading.
if (hasDom && !document.fonts) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
if (hasDom) {
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView = () => {};
}

beforeAll(startApiMock);
afterAll(stopApiMock);

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

afterEach(() => {
  if (hasDom) cleanup();
  // Files share one module graph (isolate: false), so Mantine's notification store outlives a
  // file: a toast left by one test must not be found by the next.
  notifications.clean();
  notifications.cleanQueue();
  server.resetHandlers();
  clearSentRequests();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (!hasDom) return;
  deleteAllCookies();
  window.localStorage.clear();
  document.title = '';
});
