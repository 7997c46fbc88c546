import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { callsTo, mockApi, networkError } from '../test/api-mock';
import { jsonResponse, mockSession, sessionUser } from '../test/render-app';
import { fetchSessionUser } from './session';

describe('the session check', () => {
  it('asks with optional=true, so a visitor is answered null, not a failed request (decision 0078)', async () => {
    const api = mockSession(null);
    expect(await fetchSessionUser()).toBeNull();
    const [sent] = callsTo(api, 'GET', '/auth/session');
    expect(sent?.url.searchParams.get('optional')).toBe('true');
    expect(sent?.credentials).toBe('include');
  });

  it('gives the signed-in user', async () => {
    mockSession(sessionUser({ fullName: 'Ana Rivera' }));
    expect(await fetchSessionUser()).toMatchObject({ fullName: 'Ana Rivera' });
  });

  it('takes a 401 as signed out too, and a network failure as a failure', async () => {
    mockApi({ 'GET /auth/session': () => jsonResponse({ error: 'Not signed in' }, 401) });
    expect(await fetchSessionUser()).toBeNull();
    mockApi({ 'GET /auth/session': networkError });
    await expect(fetchSessionUser()).rejects.toBeInstanceOf(ApiError);
  });
});
