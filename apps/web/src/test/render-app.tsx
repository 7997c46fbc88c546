// Renders the real route tree at a path, with a fresh query cache and a mocked fetch.
import type { TSessionUser } from '@message-station/shared';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/AppProviders';
import { flushDomUpdates } from '../app/flush-dom-updates';
import { createQueryClient } from '../app/query-client';
import { appRoutes } from '../app/routes';

export function sessionUser(overrides: Partial<TSessionUser> = {}): TSessionUser {
  return {
    id: 'user-1',
    email: 'ana@demoradio.org',
    fullName: 'Ana Rivera',
    role: 'admin',
    isSuperadmin: false,
    stationId: 'station-1',
    stationSlug: 'demoradio',
    stationName: 'Demo Radio',
    stationLogoUrl: null,
    viewingStationId: null,
    ...overrides,
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

type FetchHandler = (path: string, init: RequestInit) => Response | Promise<Response>;

/** Replaces fetch; `handlers` keyed by "METHOD /path". Unknown calls answer 404. */
export function mockFetch(handlers: Record<string, FetchHandler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const handler = handlers[`${init.method ?? 'GET'} ${path}`];
    return handler ? handler(path, init) : jsonResponse({ error: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Answers GET /auth/session with this user, or 401 when null. */
export function mockSession(user: TSessionUser | null, extra: Record<string, FetchHandler> = {}) {
  return mockFetch({
    'GET /auth/session': () => (user ? jsonResponse(user) : jsonResponse({ error: 'Not signed in' }, 401)),
    ...extra,
  });
}

export function renderApp(path: string) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} flushSync={flushDomUpdates} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
