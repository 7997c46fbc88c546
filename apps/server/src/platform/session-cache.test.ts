// A node may answer reads with a session it looked up lately (SESSION_CACHE_MS, decision 0030).
// What must hold: writes always read the session from the database; any write on the node
// (a sign-out, a revocation, a role change) empties the cache, so the node's next read looks
// again; another node's revocation shows within the window. The window here is a minute, so that
// what the test sees does not depend on how fast it runs.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema/index.js';
import { createTestApp, TestClient } from '../test/app.js';

describe('sessions read lately, for reads only', async () => {
  const { app, db } = await createTestApp({ config: { sessionCacheMs: 60_000 } });
  const signedIn = async (email: string, ip: string) => {
    const client = new TestClient(app, ip);
    await client.login(email);
    return client;
  };
  const userIdOf = async (email: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? '';

  it('a session ended elsewhere answers writes at once, and reads once this node writes', async () => {
    const admin = await signedIn('admin@demo.test', '10.0.9.1');
    const colleague = await signedIn('user@demo.test', '10.0.9.2');
    expect((await admin.get('/admin/api/dashboard-stats')).statusCode).toBe(200);
    // Another node signs the admin out everywhere (its rows are gone from the database).
    await db.delete(sessions).where(eq(sessions.userId, await userIdOf('admin@demo.test')));
    // Within the window this node still knows the session for reads...
    expect((await admin.get('/admin/api/dashboard-stats')).statusCode).toBe(200);
    // ...but never for a write.
    const write = await admin.request({
      method: 'PUT',
      url: '/admin/api/account/language',
      body: { language: 'es' },
    });
    expect(write.statusCode).toBe(401);
    // That write (or anyone's) on this node makes its reads look again.
    expect((await admin.get('/admin/api/dashboard-stats')).statusCode).toBe(401);
    expect((await colleague.get('/admin/api/dashboard-stats')).statusCode).toBe(200);
  });

  it('signing out ends the session for the very next read', async () => {
    const admin = await signedIn('admin@demo.test', '10.0.9.3');
    expect((await admin.get('/admin/api/account/sessions')).statusCode).toBe(200);
    const cookie = [...admin.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    expect((await admin.post('/auth/logout')).statusCode).toBe(200);
    const replay = await app.inject({ url: '/admin/api/account/sessions', headers: { cookie } });
    expect(replay.statusCode).toBe(401);
  });

  it('a user the admin removed is signed out for the very next read', async () => {
    const colleague = await signedIn('user@demo.test', '10.0.9.4');
    expect((await colleague.get('/admin/api/dashboard-stats')).statusCode).toBe(200);
    const admin = await signedIn('admin@demo.test', '10.0.9.5');
    const removed = await admin.request({
      method: 'DELETE',
      url: `/admin/api/users/${await userIdOf('user@demo.test')}`,
    });
    expect(removed.statusCode).toBe(200);
    expect((await colleague.get('/admin/api/dashboard-stats')).statusCode).toBe(401);
  });
});
