import type { TAuditEntry, TAuditPage } from '@message-station/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema/index.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createContact, createStationWithAdmin } from '../../test/factories.js';
import { inviteAndAccept } from '../../test/invitations.js';
import { createMessage } from '../../test/messages-factory.js';

// 18:00 UTC, inside sending hours; each reading of the clock is a second later, so rows have an order.
let clock = Date.parse('2026-11-23T18:00:00Z');
const now = () => {
  clock += 1000;
  return new Date(clock);
};

const settingsBody = {
  display_name: 'Demo Radio',
  brand_color: '#007bff',
  primary_language: 'en',
  privacy_policy_url: 'https://demo.example.org/privacy',
  terms_url: 'https://demo.example.org/terms',
  supported_languages: ['en', 'es'],
  sms_enabled: true,
  signup_enabled: true,
};

describe('audit log', async () => {
  const { app, db } = await createTestApp({ now, dispatchInBackground: false });
  const admin = new TestClient(app);
  await admin.login('admin@demo.test');
  const other = await createStationWithAdmin(db, { slug: 'other' });
  const otherAdmin = new TestClient(app, '10.0.0.9');
  await otherAdmin.login(other.adminEmail);

  async function audit(client: TestClient, query = '') {
    const response = await client.get(`/admin/api/audit${query}`);
    expect(response.statusCode).toBe(200);
    return response.json() as TAuditPage;
  }
  async function latest(client: TestClient, action: string): Promise<TAuditEntry> {
    const page = await audit(client, `?action=${action}`);
    const entry = page.entries[0];
    if (!entry) throw new Error(`no ${action} entry`);
    return entry;
  }
  const put = (client: TestClient, url: string, body: unknown) =>
    client.request({ method: 'PUT', url, body });

  it('records a settings change with who, from where and the changed fields before and after', async () => {
    const saved = await put(admin, '/admin/api/station/settings', {
      ...settingsBody,
      display_name: 'Demo Community Radio',
    });
    expect(saved.statusCode).toBe(200);

    const entry = await latest(admin, 'settings.updated');
    expect(entry).toMatchObject({
      action: 'settings.updated',
      actor: { email: 'admin@demo.test', full_name: 'Alex Admin', is_superadmin: false },
      target_type: 'station',
      ip: '127.0.0.1',
    });
    // Only what changed: the privacy and terms addresses were also sent and changed, the colour was not.
    expect(entry.details.before).toMatchObject({ display_name: 'Demo Radio' });
    expect(entry.details.after).toMatchObject({ display_name: 'Demo Community Radio' });
    expect(entry.details.after).not.toHaveProperty('brand_color');
  });

  it('records sign-in, a refused password on the account and sign-out', async () => {
    const visitor = new TestClient(app, '203.0.113.7');
    await visitor.get('/auth/session');
    const refused = await visitor.post('/auth/login', {
      email: 'user@demo.test',
      password: 'wrong-password',
    });
    expect(refused.statusCode).toBe(401);
    await visitor.login('user@demo.test');
    expect((await visitor.post('/auth/logout')).statusCode).toBe(200);

    const failed = await latest(admin, 'auth.sign_in_failed');
    expect(failed).toMatchObject({ actor: null, target_type: 'user', ip: '203.0.113.7' });
    expect(failed.details).toMatchObject({ label: 'user@demo.test' });
    const signedIn = await latest(admin, 'auth.signed_in');
    expect(signedIn.actor).toMatchObject({ email: 'user@demo.test', is_superadmin: false });
    expect(signedIn.target_id).toBe(signedIn.actor?.user_id);
    expect((await latest(admin, 'auth.signed_out')).actor?.email).toBe('user@demo.test');

    // A wrong password for no account belongs to no station: nothing appears.
    await visitor.post('/auth/login', { email: 'nobody@nowhere.test', password: 'wrong-password' });
    const rows = await db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.details}->>'label' = 'nobody@nowhere.test'`);
    expect(rows).toEqual([]);
  });

  it('records users invited, joined, edited (before and after), given and denied a key, and deleted', async () => {
    const { id, invitationId } = await inviteAndAccept(app, db, admin, {
      full_name: 'Jordan Lee',
      email: 'jordan@demo.test',
      phone_number: '(415) 555-0134',
    });
    expect((await admin.post(`/admin/api/users/${id}/api-key`)).statusCode).toBe(200);
    expect(
      (await admin.request({ method: 'DELETE', url: `/admin/api/users/${id}/api-key` })).statusCode,
    ).toBe(200);
    const edited = await put(admin, `/admin/api/users/${id}`, {
      full_name: 'Jordan Lee-Park',
      email: 'jordan@demo.test',
      api_access_enabled: false,
    });
    expect(edited.statusCode).toBe(200);
    expect((await admin.request({ method: 'DELETE', url: `/admin/api/users/${id}` })).statusCode).toBe(200);

    const page = await audit(admin, '?action=user');
    expect(page.entries.map((e) => [e.action, e.target_id])).toEqual([
      ['user.deleted', id],
      ['user.updated', id],
      ['user.invitation_accepted', id],
      ['user.invited', invitationId],
    ]);
    const [deleted, updated, joined, invited] = page.entries;
    expect(invited?.details).toMatchObject({ label: 'jordan@demo.test', role: 'user' });
    expect(invited?.target_type).toBe('invitation');
    // Accepting is done by no one signed in; the row still belongs to the station.
    expect(joined).toMatchObject({ target_type: 'user', details: { label: 'jordan@demo.test' } });
    expect(updated?.details).toEqual({
      label: 'jordan@demo.test',
      before: { full_name: 'Jordan Lee', api_access_enabled: true },
      after: { full_name: 'Jordan Lee-Park', api_access_enabled: false },
    });
    expect(deleted?.details).toMatchObject({ label: 'jordan@demo.test' });

    const second = (
      await admin.post('/admin/api/users', {
        full_name: 'Sam',
        email: 'sam@demo.test',
        phone_number: '(415) 555-0135',
      })
    ).json().id as string;
    expect((await admin.post(`/admin/api/invitations/${second}/resend`, {})).statusCode).toBe(200);
    expect(
      (await admin.request({ method: 'DELETE', url: `/admin/api/invitations/${second}` })).statusCode,
    ).toBe(200);
    const invitations = await audit(admin, '?action=user.invitation_revoked');
    expect(invitations.entries.map((e) => [e.action, e.target_id, e.details.label])).toEqual([
      ['user.invitation_revoked', second, 'sam@demo.test'],
    ]);
    const resent = await audit(admin, '?action=user.invitation_resent');
    expect(resent.entries.map((e) => [e.action, e.target_id])).toEqual([['user.invitation_resent', second]]);
    const keys = await audit(admin, '?action=api_key');
    expect(keys.entries.map((e) => [e.action, e.target_id])).toEqual([
      ['api_key.revoked', id],
      ['api_key.created', id],
    ]);
  });

  it('records messages created, edited and deleted, and a send with its count and credits', async () => {
    const created = await admin.post('/admin/api/messages', {
      title: 'Road closed',
      original: 'Main Street is closed.',
      message_type: 'emergency',
      target_languages: ['es'],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const edited = await put(admin, `/admin/api/messages/${id}`, {
      title: 'Road closed until noon',
      original: 'Main Street is closed.',
      message_type: 'emergency',
      target_languages: ['es'],
    });
    expect(edited.statusCode).toBe(200);
    expect((await admin.request({ method: 'DELETE', url: `/admin/api/messages/${id}` })).statusCode).toBe(
      200,
    );

    const stationId = (await db.select().from(users).where(eq(users.email, 'admin@demo.test')))[0]
      ?.stationId as string;
    await createContact(db, stationId, { phone: '+14155550101' });
    await createContact(db, stationId, { phone: '+14155550102' });
    const message = await createMessage(db, stationId, {
      title: 'Storm',
      original: 'Storm warning tonight.',
    });
    const sent = await admin.post(`/admin/api/messages/${message.id}/send-sms`);
    expect(sent.statusCode).toBe(200);

    const page = await audit(admin, '?action=message');
    expect(page.entries.map((e) => e.action)).toEqual([
      'message.sms_sent',
      'message.deleted',
      'message.updated',
      'message.created',
    ]);
    const [send, deleted, updated] = page.entries;
    // The demo station's three subscribers and the two added here.
    const result = sent.json() as { sent_count: number; credits: number; waiting: number };
    expect(result.sent_count).toBe(5);
    expect(send).toMatchObject({
      target_id: message.id,
      details: { label: 'Storm', count: 5, credits: result.credits, waiting: result.waiting },
    });
    expect(deleted?.details).toMatchObject({ label: 'Road closed until noon' });
    expect(updated?.details).toEqual({
      label: 'Road closed',
      before: { title: 'Road closed' },
      after: { title: 'Road closed until noon' },
    });
  });

  it('records what a superadmin does while viewing a station on that station, flagged', async () => {
    const superadmin = new TestClient(app, '198.51.100.4');
    await superadmin.login('superadmin@demo.test');
    expect(
      (await superadmin.post(`/admin/api/superadmin/switch-station/${other.station.id}`)).statusCode,
    ).toBe(200);
    const types = (await superadmin.get('/admin/api/message-types')).json() as { id: string }[];
    const typeId = types[0]?.id as string;
    const saved = await put(superadmin, `/admin/api/message-types/${typeId}`, {
      display_name: 'Urgent',
      description: 'Right now',
      color_code: '#dc3545',
      is_active: true,
    });
    expect(saved.statusCode).toBe(200);
    expect((await superadmin.post('/admin/api/superadmin/exit-station')).statusCode).toBe(200);

    const seen = await audit(otherAdmin);
    const bySuperadmin = seen.entries.filter((e) => e.actor?.email === 'superadmin@demo.test');
    expect(bySuperadmin.map((e) => [e.action, e.actor?.is_superadmin, e.ip])).toEqual([
      ['superadmin.station_exited', true, '198.51.100.4'],
      ['message_type.updated', true, '198.51.100.4'],
      ['superadmin.station_viewed', true, '198.51.100.4'],
    ]);
    expect(bySuperadmin[1]?.details).toMatchObject({
      before: { display_name: 'Emergency' },
      after: { display_name: 'Urgent', description: 'Right now' },
    });
    // None of it is on the superadmin's own station.
    const own = await audit(admin, '?action=message_type');
    expect(own.entries).toEqual([]);
  });

  it('never shows one station the other’s rows', async () => {
    const mine = await audit(admin);
    const theirs = await audit(otherAdmin);
    expect(mine.entries.length).toBeGreaterThan(0);
    expect(theirs.entries.some((e) => mine.entries.some((m) => m.id === e.id))).toBe(false);
    expect(mine.entries.some((e) => e.actor?.email === other.adminEmail)).toBe(false);
    // Filtering on the other station's admin finds nothing here.
    const otherAdminId = (await db.select().from(users).where(eq(users.email, other.adminEmail)))[0]?.id;
    expect((await audit(admin, `?actor=${otherAdminId}`)).entries).toEqual([]);
  });

  it('is for admins: a standard user gets 403, a visitor 401', async () => {
    const user = new TestClient(app);
    await user.login('user@demo.test');
    const refused = await user.get('/admin/api/audit');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('You need administrator privileges to access this page.');
    expect((await user.get('/admin/api/audit.csv')).statusCode).toBe(403);
    expect((await new TestClient(app).get('/admin/api/audit')).statusCode).toBe(401);
  });

  it('filters by action area, actor and days, and pages with a cursor without repeats', async () => {
    const adminId = (await db.select().from(users).where(eq(users.email, 'admin@demo.test')))[0]?.id;
    const byAdmin = await audit(admin, `?actor=${adminId}`);
    expect(byAdmin.entries.length).toBeGreaterThan(3);
    expect(byAdmin.entries.every((e) => e.actor?.user_id === adminId)).toBe(true);
    // "user" is an area: it does not match "user_x" codes, only "user." and "user" itself.
    expect((await audit(admin, '?action=use')).entries).toEqual([]);

    const all = await audit(admin, '?limit=200');
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: TAuditPage = await audit(admin, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.entries.length).toBeLessThanOrEqual(3);
      seen.push(...page.entries.map((e) => e.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all.entries.map((e) => e.id));

    expect((await audit(admin, '?from=2026-11-23&to=2026-11-23')).entries.length).toBe(all.entries.length);
    expect((await audit(admin, '?from=2026-11-24')).entries).toEqual([]);
    const backwards = await admin.get('/admin/api/audit?from=2026-11-24&to=2026-11-23');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error).toBe('The start date is after the end date.');
    const badCursor = await admin.get('/admin/api/audit?cursor=bm90LWEtY3Vyc29y');
    expect(badCursor.statusCode).toBe(400);
  });

  it('exports CSV with a BOM, quoting, and no cell that a spreadsheet runs as a formula', async () => {
    const name = '=HYPERLINK("http://evil.test","click")';
    await inviteAndAccept(app, db, admin, {
      full_name: name,
      email: 'formula@demo.test',
      phone_number: '(415) 555-0177',
    });
    const formula = new TestClient(app);
    await formula.login('formula@demo.test', 'longenough');

    const response = await admin.get('/admin/api/audit.csv?action=auth.signed_in');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const body = response.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFFtime_utc,actor_email,actor_name,')).toBe(true);
    const line = body.split('\r\n').find((l) => l.includes('formula@demo.test')) as string;
    // The name's quotes doubled, the whole cell quoted, and a quote mark before the "=".
    expect(line).toContain(',"\'=HYPERLINK(""http://evil.test"",""click"")",');
    expect(line).not.toMatch(/,=HYPERLINK/);
  });

  it('is append-only: the database refuses to change a row', async () => {
    const [row] = await db.select().from(auditLog).limit(1);
    await expect(
      db
        .update(auditLog)
        .set({ action: 'auth.signed_out' })
        .where(eq(auditLog.id, row?.id as string)),
    ).rejects.toThrow();
    const [after] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.id, row?.id as string));
    expect(after?.action).toBe(row?.action);
  });
});
