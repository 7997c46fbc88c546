// Admin-only pages are enforced on the server: a standard user gets 403 on every admin-only call.
import { describe, expect, it } from 'vitest';
import { createTestApp, TestClient } from '../../test/app.js';

const ADMIN_ONLY = [
  ['GET', '/admin/api/users'],
  ['POST', '/admin/api/users'],
  ['PUT', '/admin/api/users/00000000-0000-4000-8000-000000000000'],
  ['DELETE', '/admin/api/users/00000000-0000-4000-8000-000000000000'],
  ['POST', '/admin/api/users/00000000-0000-4000-8000-000000000000/api-key'],
  ['DELETE', '/admin/api/users/00000000-0000-4000-8000-000000000000/api-key'],
  ['GET', '/admin/api/invitations'],
  ['POST', '/admin/api/invitations/00000000-0000-4000-8000-000000000000/resend'],
  ['DELETE', '/admin/api/invitations/00000000-0000-4000-8000-000000000000'],
  ['GET', '/admin/api/billing'],
  ['GET', '/admin/api/billing/history'],
  ['GET', '/admin/api/station/settings'],
  ['PUT', '/admin/api/station/settings'],
  ['POST', '/admin/api/station/logo'],
  ['PUT', '/admin/api/message-types/00000000-0000-4000-8000-000000000000'],
] as const;

describe('admin-only calls', async () => {
  const { app } = await createTestApp();
  const user = new TestClient(app);
  await user.login('user@demo.test');

  it.each(ADMIN_ONLY)('%s %s answers 403 to a standard user', async (method, url) => {
    const response = await user.request({
      method,
      url,
      body: method === 'GET' || method === 'DELETE' ? undefined : {},
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('You need administrator privileges to access this page.');
  });
});
