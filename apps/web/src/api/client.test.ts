import { errorText } from '@message-station/shared';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi, networkError, type TApiHandler } from '../test/api-mock';
import { setCookie } from '../test/cookies';
import { jsonResponse } from '../test/render-app';
import { ApiError, api, apiWithHeaders, NETWORK_ERROR_MESSAGE, serverErrorText } from './client';

/** Answers `method path` with `reply`; the record tells what was sent. */
function answer(method: string, path: string, reply: TApiHandler) {
  const sent = mockApi({ [`${method} ${path}`]: reply });
  return () => callsTo(sent, method, path)[0];
}

describe('api helper', () => {
  it('sends the csrf_token cookie as X-CSRF-Token on POST, with cookies and a JSON body', async () => {
    setCookie('csrf_token', 'abc123');
    const sent = answer('POST', '/auth/logout', () => jsonResponse({ ok: true }));

    const reply = await api<{ ok: boolean }>('/auth/logout', { method: 'POST', body: { a: 1 } });

    expect(reply).toEqual({ ok: true });
    expect(sent()?.credentials).toBe('include');
    expect(sent()?.rawBody).toBe('{"a":1}');
    expect(sent()?.headers.get('X-CSRF-Token')).toBe('abc123');
    expect(sent()?.headers.get('Content-Type')).toBe('application/json');
  });

  it.each(['PUT', 'PATCH', 'DELETE'] as const)('sends X-CSRF-Token on %s', async (method) => {
    setCookie('csrf_token', 'tok');
    const sent = answer(method, '/admin/api/thing', () => new Response(null, { status: 204 }));
    await api('/admin/api/thing', { method });
    expect(sent()?.headers.get('X-CSRF-Token')).toBe('tok');
  });

  it('does not send X-CSRF-Token on GET', async () => {
    setCookie('csrf_token', 'abc123');
    const sent = answer('GET', '/auth/session', () => jsonResponse({ fine: true }));
    await api('/auth/session');
    expect(sent()?.headers.has('X-CSRF-Token')).toBe(false);
    expect(sent()?.credentials).toBe('include');
  });

  it('sends no X-CSRF-Token when there is no cookie', async () => {
    const sent = answer('POST', '/auth/logout', () => jsonResponse({ ok: true }));
    await api('/auth/logout', { method: 'POST' });
    expect(sent()?.headers.has('X-CSRF-Token')).toBe(false);
  });

  it("throws an ApiError carrying the server's error text and status", async () => {
    answer('POST', '/auth/login', () => jsonResponse({ error: 'Invalid email or password' }, 401));
    const failure = await api('/auth/login', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect((failure as ApiError).message).toBe('Invalid email or password');
  });

  it('throws an ApiError for a reply without an error field', async () => {
    answer('GET', '/auth/session', () => new Response('Bad gateway', { status: 502 }));
    const failure = await api('/auth/session').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(502);
  });

  it('throws an ApiError with status 0 when the network fails', async () => {
    answer('GET', '/auth/session', networkError);
    const failure = await api('/auth/session').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(0);
    expect((failure as ApiError).message).toBe('Network error. Please try again.');
  });

  it('writes the network refusal as the catalogue does (the start does not load the catalogue)', () => {
    expect(NETWORK_ERROR_MESSAGE).toBe(errorText('network_error'));
  });

  it('passes FormData through untouched', async () => {
    const sent = answer('POST', '/admin/api/station/logo', () => jsonResponse({ logo_url: '/x.png' }));
    const form = new FormData();
    form.append('logo', 'data');
    await api('/admin/api/station/logo', { method: 'POST', body: form });
    expect((sent()?.body as FormData | undefined)?.get('logo')).toBe('data');
    // fetch writes the multipart Content-Type with its boundary; the helper sets none of its own.
    expect(sent()?.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('hands back the headers with apiWithHeaders, and throws like api()', async () => {
    answer(
      'GET',
      '/admin/api/sms-contacts',
      () =>
        new Response('[{"id":"c-1"}]', {
          headers: { 'Content-Type': 'application/json', 'X-Total-Count': '57' },
        }),
    );
    const reply = await apiWithHeaders<{ id: string }[]>('/admin/api/sms-contacts?limit=50');
    expect(reply.data).toEqual([{ id: 'c-1' }]);
    expect(reply.headers.get('X-Total-Count')).toBe('57');

    answer('GET', '/admin/api/sms-contacts', () => jsonResponse({ error: 'Not signed in' }, 401));
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
