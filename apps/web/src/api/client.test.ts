import { describe, expect, it, vi } from 'vitest';
import { setCookie } from '../test/cookies';
import { jsonResponse } from '../test/render-app';
import { ApiError, api, apiWithHeaders, serverErrorText } from './client';

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentHeaders(fetchMock: ReturnType<typeof stubFetch>): Record<string, string> {
  const init = fetchMock.mock.calls[0]?.[1];
  return (init?.headers ?? {}) as Record<string, string>;
}

describe('api helper', () => {
  it('sends the csrf_token cookie as X-CSRF-Token on POST, with cookies and a JSON body', async () => {
    setCookie('csrf_token', 'abc123');
    const fetchMock = stubFetch(jsonResponse({ ok: true }));

    const reply = await api<{ ok: boolean }>('/auth/logout', { method: 'POST', body: { a: 1 } });

    expect(reply).toEqual({ ok: true });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"a":1}');
    expect(sentHeaders(fetchMock)['X-CSRF-Token']).toBe('abc123');
    expect(sentHeaders(fetchMock)['Content-Type']).toBe('application/json');
  });

  it.each(['PUT', 'PATCH', 'DELETE'] as const)('sends X-CSRF-Token on %s', async (method) => {
    setCookie('csrf_token', 'tok');
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    await api('/admin/api/thing', { method });
    expect(sentHeaders(fetchMock)['X-CSRF-Token']).toBe('tok');
  });

  it('does not send X-CSRF-Token on GET', async () => {
    setCookie('csrf_token', 'abc123');
    const fetchMock = stubFetch(jsonResponse({ fine: true }));
    await api('/auth/session');
    expect(sentHeaders(fetchMock)).not.toHaveProperty('X-CSRF-Token');
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include');
  });

  it('sends no X-CSRF-Token when there is no cookie', async () => {
    const fetchMock = stubFetch(jsonResponse({ ok: true }));
    await api('/auth/logout', { method: 'POST' });
    expect(sentHeaders(fetchMock)).not.toHaveProperty('X-CSRF-Token');
  });

  it("throws an ApiError carrying the server's error text and status", async () => {
    stubFetch(jsonResponse({ error: 'Invalid email or password' }, 401));
    const failure = await api('/auth/login', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect((failure as ApiError).message).toBe('Invalid email or password');
  });

  it('throws an ApiError for a reply without an error field', async () => {
    stubFetch(new Response('Bad gateway', { status: 502 }));
    const failure = await api('/auth/session').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(502);
  });

  it('throws an ApiError with status 0 when the network fails', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    const failure = await api('/auth/session').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(0);
  });

  it('passes FormData through untouched', async () => {
    const fetchMock = stubFetch(jsonResponse({ logo_url: '/x.png' }));
    const form = new FormData();
    form.append('logo', 'data');
    await api('/admin/api/station/logo', { method: 'POST', body: form });
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe(form);
    expect(sentHeaders(fetchMock)).not.toHaveProperty('Content-Type');
  });

  it('hands back the headers with apiWithHeaders, and throws like api()', async () => {
    stubFetch(
      new Response('[{"id":"c-1"}]', {
        headers: { 'Content-Type': 'application/json', 'X-Total-Count': '57' },
      }),
    );
    const reply = await apiWithHeaders<{ id: string }[]>('/admin/api/sms-contacts?limit=50');
    expect(reply.data).toEqual([{ id: 'c-1' }]);
    expect(reply.headers.get('X-Total-Count')).toBe('57');

    stubFetch(jsonResponse({ error: 'Not signed in' }, 401));
    const failure = await apiWithHeaders('/admin/api/sms-contacts').catch((e: unknown) => e);
    expect((failure as ApiError).message).toBe('Not signed in');
  });

  it("serverErrorText gives the server's words, else the fallback", () => {
    expect(serverErrorText(new ApiError(409, 'x', { error: 'Already opted out.' }), 'Fallback')).toBe(
      'Already opted out.',
    );
    expect(serverErrorText(new ApiError(500, 'Request failed with status 500', 'oops'), 'Fallback')).toBe(
      'Fallback',
    );
    expect(serverErrorText(new ApiError(0, 'Network error. Please try again.'), 'Fallback')).toBe('Fallback');
    expect(serverErrorText(new Error('boom'), 'Fallback')).toBe('Fallback');
  });
});
