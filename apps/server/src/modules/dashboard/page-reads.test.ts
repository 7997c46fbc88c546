// The admin pages' reads as one statement each (decision 0061): what they answer is unchanged
// (the modules' own tests pin the fields), the totals from the rollups equal exact counts after
// every kind of write, a search finds by name and by phone digits, another station's rows never
// appear, and each page asks the database once (plus the session lookup: tests cache no session).
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { smsContacts } from '../../db/schema/index.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createContact, createStationWithAdmin } from '../../test/factories.js';
import { createMessage } from '../../test/messages-factory.js';
import { countQueries } from '../../test/query-count.js';

const STATUSES = ['pending', 'active', 'paused', 'opted_out'] as const;

async function setup() {
  const { app, db } = await createTestApp({ dispatchInBackground: false });
  const mine = await createStationWithAdmin(db, { slug: 'kreads' });
  const theirs = await createStationWithAdmin(db, { slug: 'kreadsother' });
  const admin = new TestClient(app);
  await admin.login(mine.adminEmail);
  const otherAdmin = new TestClient(app, '10.0.0.2');
  await otherAdmin.login(theirs.adminEmail);
  return { app, db, admin, otherAdmin, stationId: mine.station.id, otherStationId: theirs.station.id };
}

describe('page reads', async () => {
  const t = await setup();
  const exact = async (status?: (typeof STATUSES)[number]) => {
    const [row] = await t.db
      .select({ n: count() })
      .from(smsContacts)
      .where(
        and(eq(smsContacts.stationId, t.stationId), status ? eq(smsContacts.status, status) : undefined),
      );
    return String(row?.n ?? 0);
  };
  /** X-Total-Count of the list, for every status filter and none, against a count of the rows. */
  const expectTotalsExact = async () => {
    for (const status of [undefined, ...STATUSES]) {
      const list = await t.admin.get(`/admin/api/sms-contacts?limit=5${status ? `&status=${status}` : ''}`);
      expect(list.statusCode).toBe(200);
      expect(list.headers['x-total-count'], status ?? 'all').toBe(await exact(status));
    }
    const [active] = await t.db
      .select({ n: count() })
      .from(smsContacts)
      .where(
        and(
          eq(smsContacts.stationId, t.stationId),
          eq(smsContacts.status, 'active'),
          eq(smsContacts.isVerified, true),
        ),
      );
    const stats = (await t.admin.get('/admin/api/dashboard-stats')).json();
    expect(stats.stats.subscriberCount).toBe(Number(await exact()));
    expect(stats.stats.activeSubscribers).toBe(Number(active?.n ?? 0));
  };

  it('answer totals from the rollups that equal exact counts after inserts, updates and deletes', async () => {
    await expectTotalsExact();
    // Inserts: one at a time and many in one statement.
    await createContact(t.db, t.stationId, { phone: '+14155550001', name: 'Ada Lovelace' });
    await createContact(t.db, t.stationId, { phone: '+14155550002', name: 'Grace', status: 'paused' });
    await t.db.execute(sql`
      insert into sms_contacts (station_id, name, phone, language, status, is_verified, source)
      select ${t.stationId}::uuid, 'Bulk ' || i, '+1415556' || lpad(i::text, 4, '0'), 'en',
        (array['pending','active','paused','opted_out'])[1 + i % 4], i % 3 <> 0, 'import'
      from generate_series(1, 40) as i`);
    await expectTotalsExact();
    // Updates: status and verification move between the rollup's keys.
    await t.db.execute(sql`update sms_contacts set status = 'active', is_verified = true
      where station_id = ${t.stationId}::uuid and phone like '+1415556%' and status = 'pending'`);
    await t.db.execute(sql`update sms_contacts set status = 'opted_out'
      where station_id = ${t.stationId}::uuid and phone like '+14155560__5'`);
    await expectTotalsExact();
    // Deletes.
    await t.db.execute(sql`delete from sms_contacts
      where station_id = ${t.stationId}::uuid and phone like '+14155560_3%'`);
    await expectTotalsExact();
    // The other station's contacts never count here.
    await createContact(t.db, t.otherStationId, { phone: '+14155550003', name: 'Ada Other' });
    await expectTotalsExact();
  });

  it('finds contacts by name and by phone digits, counting exactly the matches', async () => {
    await createContact(t.db, t.stationId, { phone: '+13125550170', name: 'Zelda Fitzgerald' });
    await createContact(t.db, t.stationId, { phone: '+13125550171', name: 'zelda Z', status: 'paused' });
    await createContact(t.db, t.stationId, { phone: '+13125550172', name: '100%_sure' });
    await createContact(t.db, t.otherStationId, { phone: '+13125550173', name: 'Zelda Elsewhere' });

    const byName = await t.admin.get('/admin/api/sms-contacts?search=ZELDA');
    expect(byName.json().map((c: { phone: string }) => c.phone)).toEqual(['+13125550171', '+13125550170']);
    expect(byName.headers['x-total-count']).toBe('2');
    const paused = await t.admin.get('/admin/api/sms-contacts?search=zelda&status=paused');
    expect(paused.json().map((c: { name: string }) => c.name)).toEqual(['zelda Z']);
    expect(paused.headers['x-total-count']).toBe('1');
    // Digits as people type them, formatting and all.
    const byPhone = await t.admin.get(
      `/admin/api/sms-contacts?search=${encodeURIComponent('(312) 555-017')}`,
    );
    expect(byPhone.headers['x-total-count']).toBe('3');
    expect(byPhone.json()).toHaveLength(3);
    const paged = await t.admin.get(`/admin/api/sms-contacts?search=3125550&limit=2&offset=2`);
    expect(paged.headers['x-total-count']).toBe('3');
    expect(paged.json().map((c: { phone: string }) => c.phone)).toEqual(['+13125550170']);
    // % and _ are matched as themselves.
    const literal = await t.admin.get(`/admin/api/sms-contacts?search=${encodeURIComponent('0%_s')}`);
    expect(literal.json().map((c: { name: string }) => c.name)).toEqual(['100%_sure']);
    const wildcard = await t.admin.get(`/admin/api/sms-contacts?search=${encodeURIComponent('%')}`);
    expect(wildcard.json().map((c: { name: string }) => c.name)).toEqual(['100%_sure']);
    // Each contact carries its preferences as before.
    expect(byName.json()[1].message_preferences.emergency).toEqual({ subscribed: true, language: 'en' });
    expect(byName.json()[1].message_preferences.alert).toEqual({ subscribed: false, language: 'en' });

    // The other station sees only its own.
    const theirs = await t.otherAdmin.get('/admin/api/sms-contacts?search=zelda');
    expect(theirs.json().map((c: { name: string }) => c.name)).toEqual(['Zelda Elsewhere']);
    expect(theirs.headers['x-total-count']).toBe('1');
  });

  it("never shows another station's messages or counts", async () => {
    const mine = await createMessage(t.db, t.stationId, { title: 'Ours only', original: 'Ours.' });
    const theirs = await createMessage(t.db, t.otherStationId, { title: 'Theirs only', original: 'Theirs.' });
    const list = await t.admin.get('/admin/api/messages?search=only');
    expect(list.json().map((m: { id: string }) => m.id)).toEqual([mine.id]);
    const otherList = await t.otherAdmin.get('/admin/api/messages');
    expect(otherList.json().map((m: { id: string }) => m.id)).toEqual([theirs.id]);
    const stats = (await t.otherAdmin.get('/admin/api/dashboard-stats')).json();
    expect(stats.stats.totalMessages).toBe(1);
    expect(stats.station.id).toBe(t.otherStationId);
    expect((await t.otherAdmin.get('/admin/api/messages?search=Ours')).json()).toEqual([]);
  });

  it('asks the database once per page, beside the session lookup', async () => {
    const message = await createMessage(t.db, t.stationId, { title: 'Counted', original: 'Counted.' });
    expect((await t.admin.post(`/admin/api/messages/${message.id}/send-sms`)).statusCode).toBe(200);
    const counter = countQueries(t.db);
    try {
      for (const url of [
        '/admin/api/dashboard-stats',
        '/admin/api/activity?limit=20',
        '/admin/api/messages',
        '/admin/api/messages?type=emergency&search=Count',
        '/admin/api/sms-contacts?limit=50',
        '/admin/api/sms-contacts?status=active',
        '/admin/api/sms-contacts?search=Ada',
        '/admin/api/sms-contacts?search=555-0001&status=active',
      ]) {
        // Once to prepare the statement on this connection (PGlite's PREPARE is a statement of its own).
        expect((await t.admin.get(url)).statusCode, url).toBe(200);
        counter.reset();
        const response = await t.admin.get(url);
        expect(response.statusCode, url).toBe(200);
        // The session (tests cache none) and the page's one statement.
        expect(counter.texts, url).toHaveLength(2);
        expect(counter.texts[0], url).toContain('"sessions"');
      }
    } finally {
      counter.stop();
    }
  });
});
