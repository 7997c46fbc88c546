// The rollups the dashboard and the activity line read (decision 0030) are kept by triggers on
// every write to sms_deliveries and sms_contacts. After each kind of change the product makes
// (accept, quiet-hours holds, dispatch with retries and failures, callbacks, a crash's recovery,
// contact changes, deletes, many writers at once) they must equal a count over the rows themselves.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { smsContacts, smsDeliveries } from '../../db/schema/index.js';
import { SmsSendError, type TSmsProvider } from '../../providers/sms/types.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createContact, createStationWithAdmin, setBilling } from '../../test/factories.js';
import { createMessage } from '../../test/messages-factory.js';
import { DEFAULT_DISPATCH, dispatchLane, recoverInFlight } from './dispatcher.js';
import { applyStatusCallback } from './status.js';

// 04:00 UTC: 11 PM in New York, 10 PM in Chicago (quiet hours), 8 PM in Los Angeles.
const NIGHT = new Date('2026-11-24T04:00:00Z');
const EIGHT_AM_NEW_YORK = new Date('2026-11-24T13:00:00Z');
const EIGHT_AM_CHICAGO = new Date('2026-11-24T14:00:00Z');
const PHONES = ['+12125550101', '+16465550102', '+13125550103', '+13105550104', '+12065550105'];
const FAILS_ONCE = '+13105550104';
const NOT_MOBILE = '+12065550105';

async function all(db: Db, query: ReturnType<typeof sql>) {
  return rowsOf<Record<string, unknown>>(await db.execute(query));
}

/** The rollups, without rows that count nothing (a hold whose texts all went, an hour at zero). */
async function rollups(db: Db) {
  return {
    sends: await all(
      db,
      sql`select send_id::text, station_id::text, total, queued, claimed, submitting, sent, delivered,
        undelivered, failed, possible_duplicates, one_phone, characters, segments
        from sms_send_stats where total <> 0 order by 1`,
    ),
    holds: await all(
      db,
      sql`select send_id::text, release_at, zone, count from sms_send_holds where count <> 0 order by 1, 2, 3`,
    ),
    hours: await all(
      db,
      sql`select station_id::text, to_char(hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as hour, sent
        from sms_hourly_stats where sent <> 0 order by 1, 2`,
    ),
    contacts: await all(
      db,
      sql`select station_id::text, status, is_verified, count from sms_contact_counts where count <> 0 order by 1, 2, 3`,
    ),
  };
}

/** The same figures counted from the rows themselves. */
async function counted(db: Db) {
  return {
    sends: await all(
      db,
      sql`select send_id::text, station_id::text, count(*)::int as total,
        (count(*) filter (where status = 'queued'))::int as queued,
        (count(*) filter (where status = 'claimed'))::int as claimed,
        (count(*) filter (where status = 'submitting'))::int as submitting,
        (count(*) filter (where status = 'sent'))::int as sent,
        (count(*) filter (where status = 'delivered'))::int as delivered,
        (count(*) filter (where status = 'undelivered'))::int as undelivered,
        (count(*) filter (where status = 'failed'))::int as failed,
        (count(*) filter (where reclaimed > 0))::int as possible_duplicates,
        min(phone) as one_phone, max(char_length(body))::int as characters, max(segments)::int as segments
        from sms_deliveries group by 1, 2 order by 1`,
    ),
    holds: await all(
      db,
      sql`select send_id::text, not_before as release_at, ms_zone_of(phone) as zone, count(*)::int as count
        from sms_deliveries
        where status = 'queued' and (not_before at time zone ms_zone_of(phone))::time = '08:00'
        group by 1, 2, 3 order by 1, 2, 3`,
    ),
    hours: await all(
      db,
      sql`select station_id::text, to_char(sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:00:00') as hour,
        count(*)::int as sent
        from sms_deliveries where status in ('sent', 'delivered', 'undelivered') and sent_at is not null
        group by 1, 2 order by 1, 2`,
    ),
    contacts: await all(
      db,
      sql`select station_id::text, status, is_verified, count(*)::int as count
        from sms_contacts group by 1, 2, 3 order by 1, 2, 3`,
    ),
  };
}

async function expectRollupsExact(db: Db) {
  expect(await rollups(db)).toEqual(await counted(db));
}

function provider(): TSmsProvider & { sent: string[] } {
  const sent: string[] = [];
  const tries = new Map<string, number>();
  return {
    name: 'twilio',
    sent,
    async send({ to }) {
      const attempt = (tries.get(to) ?? 0) + 1;
      tries.set(to, attempt);
      if (to === NOT_MOBILE) throw new SmsSendError('permanent', 'Not a mobile number', 21614);
      if (to === FAILS_ONCE && attempt === 1) throw new SmsSendError('transient', 'Too many requests', 20429);
      sent.push(to);
      return { providerMessageId: `SM${to.slice(1)}${attempt}${sent.length}` };
    },
  };
}

async function setup() {
  let clock = NIGHT;
  const now = () => clock;
  const sms = provider();
  const { app, db } = await createTestApp({ now, sms, dispatchInBackground: false });
  const { station, adminEmail } = await createStationWithAdmin(db, {
    slug: 'krollup',
    languages: ['en', 'es'],
  });
  await setBilling(db, station.id, { smsCreditsBalance: 1000 });
  for (const [i, phone] of PHONES.entries()) {
    await createContact(db, station.id, {
      phone,
      choices: [
        { messageType: 'emergency', language: i % 2 ? 'es' : 'en' },
        { messageType: 'informational', language: i % 2 ? 'es' : 'en' },
      ],
    });
  }
  await createContact(db, station.id, { phone: '+12125550199', status: 'pending', verified: false });
  const admin = new TestClient(app);
  await admin.login(adminEmail);
  const send = async (type: 'informational' | 'emergency', title: string) => {
    const message = await createMessage(db, station.id, {
      title,
      original: `${title}: the library opens at 10 tomorrow.`,
      type,
      translations: { es: `${title}: la biblioteca abre a las 10 mañana.` },
    });
    const response = await admin.post(`/admin/api/messages/${message.id}/send-sms`);
    expect(response.statusCode).toBe(200);
    return message.id;
  };
  const deps = { db, sms, now, config: { ...DEFAULT_DISPATCH, ratePerSecond: 0 } };
  return {
    app,
    db,
    sms,
    station,
    admin,
    send,
    deps,
    setClock: (at: Date) => {
      clock = at;
    },
  };
}

describe('the delivery rollups', async () => {
  const t = await setup();

  it('count what a send queued, and the texts held for quiet hours by release time and zone', async () => {
    await t.send('informational', 'Night notice');
    await t.send('emergency', 'Flood');
    await expectRollupsExact(t.db);
    const { holds } = await rollups(t.db);
    expect(holds.map((h) => [h.zone, Number(h.count)])).toEqual(
      expect.arrayContaining([
        ['America/New_York', 2],
        ['America/Chicago', 1],
      ]),
    );
  });

  it('follow the dispatcher: sent, a retry back in the queue, a permanent failure', async () => {
    await dispatchLane(t.deps);
    await expectRollupsExact(t.db);
    const retry = await t.db.select().from(smsDeliveries).where(eq(smsDeliveries.phone, FAILS_ONCE));
    expect(retry.some((r) => r.status === 'queued' && r.attempts === 1)).toBe(true);
    t.setClock(new Date(NIGHT.getTime() + 10 * 60_000));
    await dispatchLane(t.deps);
    await expectRollupsExact(t.db);
  });

  it('follow status callbacks, late and repeated ones included', async () => {
    const sent = await t.db.select().from(smsDeliveries).where(eq(smsDeliveries.status, 'sent'));
    const [first, second] = sent;
    if (!first?.providerMessageId || !second?.providerMessageId) throw new Error('nothing sent');
    for (const [id, status] of [
      [first.providerMessageId, 'delivered'],
      [second.providerMessageId, 'undelivered'],
      [first.providerMessageId, 'sent'],
      [second.providerMessageId, 'delivered'],
    ] as const) {
      await applyStatusCallback({ db: t.db, now: t.deps.now() }, { providerMessageId: id, status });
    }
    await expectRollupsExact(t.db);
  });

  it('release held texts at 8 AM where their recipients are', async () => {
    t.setClock(EIGHT_AM_NEW_YORK);
    await dispatchLane(t.deps);
    await expectRollupsExact(t.db);
    const line = (await t.admin.get('/admin/api/activity?limit=5'))
      .json()
      .activities.find((l: { messageTitle: string }) => l.messageTitle === 'Night notice');
    expect(line.delivery).toMatchObject({
      held: 1,
      heldUntil: EIGHT_AM_CHICAGO.toISOString(),
      heldZone: 'America/Chicago',
    });
    t.setClock(EIGHT_AM_CHICAGO);
    await dispatchLane(t.deps);
    await expectRollupsExact(t.db);
  });

  it('count a crash’s texts resolved with the provider and the ones sent again', async () => {
    await t.send('emergency', 'Crash');
    // A node claimed these and started the provider calls, then died.
    await t.db.execute(sql`update sms_deliveries set status = 'submitting', claimed_by = 'dead-node',
      claimed_at = now() - interval '1 hour', submitted_at = now() - interval '1 hour', attempts = 1
      where status = 'queued'`);
    await expectRollupsExact(t.db);
    // The provider cannot say: every one goes back to the queue as a possible duplicate.
    await recoverInFlight({ ...t.deps, sms: { ...t.sms, lookup: undefined } }, 'node-b');
    await expectRollupsExact(t.db);
    expect((await rollups(t.db)).sends.some((s) => Number(s.possible_duplicates) > 0)).toBe(true);
  });

  it('stay exact with many writers at once', async () => {
    await t.send('emergency', 'Many at once');
    const sending = dispatchLane(t.deps);
    const sent = await t.db.select().from(smsDeliveries).where(eq(smsDeliveries.status, 'sent'));
    await Promise.all([
      sending,
      ...sent.map((d) =>
        applyStatusCallback(
          { db: t.db, now: NIGHT },
          { providerMessageId: d.providerMessageId ?? '', status: 'delivered' },
        ),
      ),
      t.send('informational', 'Meanwhile'),
    ]);
    await expectRollupsExact(t.db);
  });

  it('count contacts by status as staff and subscribers change them, and a purge of old texts', async () => {
    const [contact] = await t.db
      .select()
      .from(smsContacts)
      .where(and(eq(smsContacts.stationId, t.station.id), eq(smsContacts.phone, PHONES[0] as string)));
    if (!contact) throw new Error('no contact');
    expect(
      (
        await t.admin.request({
          method: 'PUT',
          url: `/admin/api/sms-contacts/${contact.id}/status`,
          body: { status: 'paused' },
        })
      ).statusCode,
    ).toBe(200);
    await t.db.delete(smsContacts).where(eq(smsContacts.phone, '+12125550199'));
    await expectRollupsExact(t.db);
    const other = await createStationWithAdmin(t.db, { slug: 'kgone' });
    await createContact(t.db, other.station.id, { phone: '+12125550188' });
    await expectRollupsExact(t.db);
    // A purge of one send's texts.
    const [oldest] = (await rollups(t.db)).sends;
    await t.db.execute(sql`delete from sms_deliveries where send_id = ${oldest?.send_id}::uuid`);
    await expectRollupsExact(t.db);
  });
});
