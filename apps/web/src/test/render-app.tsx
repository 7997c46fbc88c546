// Renders the real route tree at a path, with a fresh query cache; the API is answered by msw (api-mock).
import type { TSessionUser } from '@message-station/shared';
import { render } from '@testing-library/react';
import { HttpResponse, type JsonBodyType } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { flushDomUpdates } from '../app/flush-dom-updates';
import { createQueryClient } from '../app/query-client';
import { appRoutes } from '../app/routes';
import { mockApi, type TApiHandler } from './api-mock';

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

/** A JSON reply, as the server sends one. */
export function jsonResponse(body: unknown, status = 200): Response {
  return HttpResponse.json(body as JsonBodyType, { status });
}

/** Answers GET /auth/session with this user, or as the server does a visitor, and `extra` (see mockApi). */
export function mockSession(user: TSessionUser | null, extra: Record<string, TApiHandler> = {}) {
  return mockApi({
    // As the server answers (decision 0078): a visitor gets null when the app asks with
    // optional=true, else the 401 other clients rely on.
    'GET /auth/session': (url) =>
      user
        ? jsonResponse(user)
        : url.searchParams.get('optional') === 'true'
          ? jsonResponse(null)
          : jsonResponse({ error: 'Not signed in' }, 401),
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
