// Add User invites (decision 0025): the same answer for a new address and for an account of
// another station, the right email to each, and a link that creates the account once.
import { USER_ERRORS } from '@message-station/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages, stations, userInvitations, users } from '../../db/schema/index.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createStationWithAdmin } from '../../test/factories.js';
import { invitationTokenFor } from '../../test/invitations.js';

const DAY_MS = 86_400_000;

describe('user invitations', async () => {
  let clock = new Date();
  const { app, db } = await createTestApp({ now: () => clock });
  const admin = new TestClient(app);
  await admin.login('admin@demo.test');
  const other = await createStationWithAdmin(db, { slug: 'other' });
  const otherAdmin = new TestClient(app);
  await otherAdmin.login(other.adminEmail);

  const invitee = (email: string) => ({
    full_name: 'Jordan Lee',
    email,
    phone_number: '(415) 555-0134',
  });
  const emailsTo = (to: string) => db.select().from(outboxMessages).where(eq(outboxMessages.to, to));
  const accept = (client: TestClient, token: string | undefined, password = 'longenough') =>
    client.post('/auth/invitations/accept', { token, password, full_name: 'Jordan Lee' });

  async function visitor() {
    const client = new TestClient(app);
    await client.get('/auth/session');
    return client;
  }

  it('answers a new address and another station’s account alike; each gets its own email', async () => {
    const fresh = await admin.post('/admin/api/users', invitee('Jordan@Example.test '));
    const taken = await admin.post('/admin/api/users', invitee(other.adminEmail.toUpperCase()));
    expect(fresh.statusCode).toBe(201);
    expect(taken.statusCode).toBe(201);
    const [a, b] = [fresh.json(), taken.json()];
    expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
    const same = (body: Record<string, unknown>) => ({ ...body, id: 'id', email: 'email' });
    expect(same(a)).toEqual(same(b));
    expect(a).toEqual({
      id: expect.any(String),
      email: 'jordan@example.test',
      full_name: 'Jordan Lee',
      phone_number: '+14155550134',
      role: 'user',
      status: 'invited',
      expires_at: new Date(clock.getTime() + 7 * DAY_MS).toISOString(),
      created_at: clock.toISOString(),
    });
    // Nobody was created: the account is made when the link is accepted.
    expect(await db.select().from(users).where(eq(users.email, 'jordan@example.test'))).toEqual([]);

    const [invitation] = await emailsTo('jordan@example.test');
    expect(invitation?.subject).toBe('You are invited to Demo Radio on Message Station');
    expect(invitation?.body).toContain('An admin of Demo Radio invited you');
    expect(invitation?.body).toMatch(/\/accept-invitation\?token=[\w-]+/);

    const [notice] = await emailsTo(other.adminEmail);
    expect(notice?.subject).toBe('Demo Radio tried to add you on Message Station');
    expect(notice?.body).toContain(
      'An admin of Demo Radio tried to add you. Your email already has a Message Station account with another station, so ask them to invite a different address.',
    );
    expect(notice?.body).not.toContain('accept-invitation');
  });

  it('writes the invitation in Spanish when the admin uses Spanish', async () => {
    await admin.post('/admin/api/users', { ...invitee('sofia@example.test'), language: 'es' });
    const [email] = await emailsTo('sofia@example.test');
    expect(email?.subject).toBe('Le invitaron a Demo Radio en Message Station');
    expect(email?.body).toContain('Un administrador de Demo Radio le invitó');
  });

  it('refuses only what the admin already sees: a user of this station, a pending invitation', async () => {
    const own = await admin.post('/admin/api/users', invitee('USER@demo.test'));
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ error: USER_ERRORS.emailTaken, code: 'email_taken' });
    const again = await admin.post('/admin/api/users', invitee('jordan@example.test'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: USER_ERRORS.invitationPending, code: 'invitation_pending' });
    // Another station may invite the same address: the first to accept gets the account.
    expect((await otherAdmin.post('/admin/api/users', invitee('jordan@example.test'))).statusCode).toBe(201);
  });

  it('lists pending invitations of this station only', async () => {
    const list = (await admin.get('/admin/api/invitations')).json() as { email: string }[];
    expect(list.map((row) => row.email).sort()).toEqual(
      [other.adminEmail, 'jordan@example.test', 'sofia@example.test'].sort(),
    );
    const theirs = (await otherAdmin.get('/admin/api/invitations')).json() as { email: string }[];
    expect(theirs.map((row) => row.email)).toEqual(['jordan@example.test']);
  });

  it('shows the link, then accepting creates the account and signs it in; the link works once', async () => {
    const token = await invitationTokenFor(db, 'sofia@example.test');
    const browser = await visitor();
    const preview = await browser.get(`/auth/invitations/${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      station_display_name: 'Demo Radio',
      email: 'sofia@example.test',
      full_name: 'Jordan Lee',
    });
    const short = await accept(browser, token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('Password must be at least 8 characters long.');

    const accepted = await browser.post('/auth/invitations/accept', {
      token,
      password: 'longenough',
      full_name: 'Sofía Ruiz',
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      email: 'sofia@example.test',
      fullName: 'Sofía Ruiz',
      role: 'user',
    });
    const session = await browser.get('/auth/session');
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ email: 'sofia@example.test', stationSlug: 'demo' });
    const [user] = await db.select().from(users).where(eq(users.email, 'sofia@example.test'));
    expect(user?.phoneNumber).toBe('+14155550134');

    const second = await accept(await visitor(), token);
    expect(second.statusCode).toBe(404);
    expect(second.json()).toMatchObject({ error: USER_ERRORS.invitationInvalid, code: 'invitation_invalid' });
    expect((await browser.get(`/auth/invitations/${token}`)).statusCode).toBe(404);
    // Accepted: no longer pending, and the new user is on the Users page.
    const pending = (await admin.get('/admin/api/invitations')).json() as { email: string }[];
    expect(pending.map((row) => row.email)).not.toContain('sofia@example.test');
    const people = (await admin.get('/admin/api/users')).json() as { email: string }[];
    expect(people.map((row) => row.email)).toContain('sofia@example.test');
    // The new user signs in with the chosen password.
    await new TestClient(app).login('sofia@example.test', 'longenough');
  });

  it('an invitation to another station’s account never opens, and writes nothing', async () => {
    const [row] = await db.select().from(userInvitations).where(eq(userInvitations.email, other.adminEmail));
    expect(row).toBeDefined();
    // The address got an account meanwhile: the other station's link for Jordan stops working too.
    const theirToken = await invitationTokenFor(db, 'jordan@example.test');
    const ownToken = (await emailsTo('jordan@example.test')).map(
      (email) => /token=([\w-]+)/.exec(email.body)?.[1],
    )[0];
    expect(theirToken).not.toBe(ownToken);
    const browser = await visitor();
    expect((await accept(browser, ownToken)).statusCode).toBe(200);
    const usersBefore = await db.select().from(users);
    const late = await accept(await visitor(), theirToken);
    expect(late.statusCode).toBe(404);
    expect(late.json()).toMatchObject({ error: USER_ERRORS.invitationInvalid, code: 'invitation_invalid' });
    expect((await browser.get(`/auth/invitations/${theirToken}`)).statusCode).toBe(404);
    expect(await db.select().from(users)).toHaveLength(usersBefore.length);
    const [theirs] = await db
      .select()
      .from(userInvitations)
      .innerJoin(stations, eq(stations.id, userInvitations.stationId))
      .where(and(eq(userInvitations.email, 'jordan@example.test'), eq(stations.slug, 'other')));
    expect(theirs?.user_invitations.acceptedAt).toBeNull();
  });

  it('refuses expired and revoked links; resend makes a new link and the old one stops', async () => {
    const expiring = (await admin.post('/admin/api/users', invitee('late@example.test'))).json();
    const expiredToken = await invitationTokenFor(db, 'late@example.test');
    clock = new Date(clock.getTime() + 7 * DAY_MS + 1000);
    // Sessions last a day: a week later the admins sign in again.
    await admin.login('admin@demo.test');
    await otherAdmin.login(other.adminEmail);
    expect((await accept(await visitor(), expiredToken)).statusCode).toBe(404);
    const listed = (await admin.get('/admin/api/invitations')).json() as { id: string; status: string }[];
    expect(listed.find((row) => row.id === expiring.id)?.status).toBe('expired');

    const resent = await admin.post(`/admin/api/invitations/${expiring.id}/resend`, {});
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({
      status: 'invited',
      expires_at: new Date(clock.getTime() + 7 * DAY_MS).toISOString(),
    });
    const newToken = await invitationTokenFor(db, 'late@example.test');
    expect(newToken).not.toBe(expiredToken);
    expect((await accept(await visitor(), expiredToken)).statusCode).toBe(404);

    const revoked = await admin.request({ method: 'DELETE', url: `/admin/api/invitations/${expiring.id}` });
    expect(revoked.json()).toEqual({ ok: true });
    const refused = await accept(await visitor(), newToken);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({
      error: USER_ERRORS.invitationInvalid,
      code: 'invitation_invalid',
    });
    expect(await db.select().from(users).where(eq(users.email, 'late@example.test'))).toEqual([]);
    const pending = (await admin.get('/admin/api/invitations')).json() as { id: string }[];
    expect(pending.map((row) => row.id)).not.toContain(expiring.id);
    // Revoked, the address may be invited again.
    expect((await admin.post('/admin/api/users', invitee('late@example.test'))).statusCode).toBe(201);
  });

  it('answers 404 for another station’s invitation, and 403 to standard users', async () => {
    const theirs = (await otherAdmin.get('/admin/api/invitations')).json() as { id: string }[];
    const theirId = theirs[0]?.id as string;
    expect(theirId).toBeDefined();
    const resend = await admin.post(`/admin/api/invitations/${theirId}/resend`, {});
    expect(resend.statusCode).toBe(404);
    expect(resend.json()).toMatchObject({ error: USER_ERRORS.invitationNotFound });
    const revoke = await admin.request({ method: 'DELETE', url: `/admin/api/invitations/${theirId}` });
    expect(revoke.statusCode).toBe(404);
    const [row] = await db.select().from(userInvitations).where(eq(userInvitations.id, theirId));
    expect(row?.revokedAt).toBeNull();

    const standard = new TestClient(app);
    await standard.login('user@demo.test');
    expect((await standard.get('/admin/api/invitations')).statusCode).toBe(403);
    expect((await standard.post('/admin/api/users', invitee('x@example.test'))).statusCode).toBe(403);
    expect((await standard.post(`/admin/api/invitations/${theirId}/resend`, {})).statusCode).toBe(403);
    expect(
      (await standard.request({ method: 'DELETE', url: `/admin/api/invitations/${theirId}` })).statusCode,
    ).toBe(403);
  });
});
