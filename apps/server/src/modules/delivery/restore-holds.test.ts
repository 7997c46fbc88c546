// Texts held after a restore (decision 0055), through the admin API: a restore holds every text
// that was not final in the backup; staff see how many; an admin's "Send them" asks the provider
// first and sends only the texts it does not have; "Cancel them" sends nothing, records what the
// provider has as sent and refunds the rest; another station's message is a 404; both are audited.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditLedger, databaseRestores, smsDeliveries, smsSendStats } from '../../db/schema/index.js';
import type { TSmsLookup, TSmsProvider } from '../../providers/sms/types.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { billingOf, createContact, createStationWithAdmin, setBilling } from '../../test/factories.js';
import { createMessage } from '../../test/messages-factory.js';
import { createUser } from '../users/service.js';
import { DEFAULT_DISPATCH, dispatchLane } from './dispatcher.js';
import { CANCELLED_AFTER_RESTORE, holdTextsAfterRestore } from './restore-holds.js';

// 18:00 UTC: daytime in every US zone the test numbers use.
const DAYTIME = new Date('2026-11-23T18:00:00Z');

/** A provider that sends into `sent` and whose lookup knows `known` (phone → its id). */
function provider() {
  const sent: { to: string; body: string }[] = [];
  const known = new Map<string, string>();
  let lookupFails = false;
  const lookups: TSmsLookup[][] = [];
  const sms: TSmsProvider = {
    name: 'twilio',
    async send({ to, body }) {
      sent.push({ to, body });
      return { providerMessageId: `SM${to.slice(-4)}-${sent.length}` };
    },
    async lookup(messages) {
      lookups.push(messages);
      if (lookupFails) throw new Error('Twilio unreachable: 503');
      return messages.map((m) => known.get(m.to) ?? null);
    },
  };
  return { sms, sent, known, lookups, failLookups: (value: boolean) => (lookupFails = value) };
}

async function setup() {
  const fake = provider();
  const { app, db } = await createTestApp({ now: () => DAYTIME, sms: fake.sms, dispatchInBackground: false });
  const { station, adminEmail } = await createStationWithAdmin(db, { slug: 'khold' });
  await setBilling(db, station.id, { smsCreditsBalance: 1000 });
  const phones = Array.from({ length: 6 }, (_, i) => `+1212555${(1000 + i).toString()}`);
  for (const phone of phones) await createContact(db, station.id, { phone });
  const admin = new TestClient(app);
  await admin.login(adminEmail);
  await createUser(db, {
    stationId: station.id,
    email: 'editor@khold.test',
    password: 'demo1234',
    fullName: 'Editor',
    role: 'user',
  });
  const editor = new TestClient(app);
  await editor.login('editor@khold.test');
  const other = await createStationWithAdmin(db, { slug: 'kother' });
  const otherAdmin = new TestClient(app);
  await otherAdmin.login(other.adminEmail);
  return { app, db, station, admin, editor, otherAdmin, phones, fake };
}

type TSetup = Awaited<ReturnType<typeof setup>>;

/** A message sent to every contact, its texts queued (the dispatcher does not run by itself here). */
async function sentMessage(t: TSetup, title: string) {
  const message = await createMessage(t.db, t.station.id, { title, original: `${title}: stay indoors.` });
  const sent = await t.admin.post(`/admin/api/messages/${message.id}/send-sms`, {});
  expect(sent.statusCode, sent.body).toBe(200);
  return message;
}

/** What `npm run restore` leaves: a restore row, then the texts not final held. */
async function restore(t: TSetup) {
  await t.db.insert(databaseRestores).values({ backupFile: 'drill.dump' });
  return holdTextsAfterRestore(t.db, DAYTIME);
}

async function statuses(t: TSetup) {
  const rows = await t.db.select().from(smsDeliveries).where(eq(smsDeliveries.stationId, t.station.id));
  const count: Record<string, number> = {};
  for (const row of rows) count[row.status] = (count[row.status] ?? 0) + 1;
  return { rows, count };
}

describe('texts held after a restore', async () => {
  const t = await setup();
  /** The first test's message, whose held texts the next tests decide on. */
  let stormId = '';

  it('holds every text that was not final, remembering where it was, and only once', async () => {
    const message = await sentMessage(t, 'Storm');
    stormId = message.id;
    // One text was in the provider's hands when the backup was taken, one was claimed.
    const [first, second] = t.phones;
    await t.db.execute(
      sql`update ${smsDeliveries} set status = 'submitting', submitted_at = ${DAYTIME.toISOString()}::timestamptz where phone = ${first}`,
    );
    await t.db.execute(
      sql`update ${smsDeliveries} set status = 'claimed', claimed_by = 'x' where phone = ${second}`,
    );
    expect(await restore(t)).toEqual({ restores: 1, held: 6 });
    const { rows, count } = await statuses(t);
    expect(count).toEqual({ held_after_restore: 6 });
    expect(rows.find((r) => r.phone === first)?.heldFrom).toBe('submitting');
    expect(rows.find((r) => r.phone === second)?.heldFrom).toBe('claimed');
    // The rollups count them (decision 0030's triggers, migration 0025).
    const [stats] = await t.db.select().from(smsSendStats).where(eq(smsSendStats.stationId, t.station.id));
    expect(stats).toMatchObject({ total: 6, queued: 0, claimed: 0, submitting: 0, heldAfterRestore: 6 });
    // A second start finds the restore held: nothing more happens.
    expect(await holdTextsAfterRestore(t.db, DAYTIME)).toBeNull();
    // The dispatcher never picks them up.
    const run = await dispatchLane({
      db: t.db,
      sms: t.fake.sms,
      now: () => DAYTIME,
      config: { ...DEFAULT_DISPATCH, ratePerSecond: 0 },
    });
    expect(run.sent).toBe(0);
    expect(t.fake.sent).toEqual([]);

    // Staff see the notice's numbers: on the message and on the dashboard.
    const held = (await t.editor.get(`/admin/api/messages/${message.id}/held-after-restore`)).json();
    expect(held).toMatchObject({ held: 6, in_flight: 1, messages: [] });
    expect(Date.parse(held.restored_at)).not.toBeNaN();
    const station = (await t.editor.get('/admin/api/held-after-restore')).json();
    expect(station).toMatchObject({
      held: 6,
      messages: [{ message_id: message.id, title: 'Storm', held: 6 }],
    });
    // The recipients list shows them as not gone yet.
    const recipients = (await t.admin.get(`/admin/api/messages/${message.id}/recipients`)).json();
    expect(recipients.recipients.map((r: { stage: string }) => r.stage)).toEqual(Array(6).fill('queued'));
  });

  it('is station-scoped and admin-only', async () => {
    const messageId = stormId;
    for (const path of ['', '/send', '/cancel']) {
      const url = `/admin/api/messages/${messageId}/held-after-restore${path}`;
      const response = path ? await t.otherAdmin.post(url) : await t.otherAdmin.get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('message_not_found');
    }
    expect((await t.otherAdmin.get('/admin/api/held-after-restore')).json()).toMatchObject({ held: 0 });
    const refused = await t.editor.post(`/admin/api/messages/${messageId}/held-after-restore/send`);
    expect(refused.statusCode).toBe(403);
    expect((await statuses(t)).count).toEqual({ held_after_restore: 6 });
  });

  it('Send them: the provider is asked first, and only the texts it does not have go out', async () => {
    const messageId = stormId;
    const [a, b, c] = t.phones as [string, string, string];
    t.fake.known.set(a, 'SMknown-a').set(b, 'SMknown-b').set(c, 'SMknown-c');

    // When the provider cannot answer, nothing moves and nothing is sent.
    t.fake.failLookups(true);
    const unavailable = await t.admin.post(`/admin/api/messages/${messageId}/held-after-restore/send`);
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.json().code).toBe('held_texts_lookup_failed');
    expect((await statuses(t)).count).toEqual({ held_after_restore: 6 });
    t.fake.failLookups(false);

    const decided = await t.admin.post(`/admin/api/messages/${messageId}/held-after-restore/send`);
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toEqual({
      action: 'send',
      already_sent: 3,
      queued: 3,
      cancelled: 0,
      provider_checked: true,
    });
    // The lookup asked since the provider call started (in flight) or the send was made.
    expect(t.fake.lookups.at(-1)?.every((l) => l.since.getTime() <= DAYTIME.getTime())).toBe(true);
    const after = await statuses(t);
    expect(after.count).toEqual({ sent: 3, queued: 3 });
    expect(after.rows.find((r) => r.phone === a)?.providerMessageId).toBe('SMknown-a');

    const run = await dispatchLane({
      db: t.db,
      sms: t.fake.sms,
      now: () => DAYTIME,
      config: { ...DEFAULT_DISPATCH, ratePerSecond: 0 },
    });
    expect(run.sent).toBe(3);
    expect(t.fake.sent.map((s) => s.to).sort()).toEqual(t.phones.slice(3).sort());
    // A second click finds nothing held.
    const again = (await t.admin.post(`/admin/api/messages/${messageId}/held-after-restore/send`)).json();
    expect(again).toMatchObject({ already_sent: 0, queued: 0, cancelled: 0 });
    expect((await t.admin.get(`/admin/api/messages/${messageId}/held-after-restore`)).json().held).toBe(0);
  });

  it('Cancel them: nothing is sent, what the provider has is recorded, the rest refunded', async () => {
    t.fake.sent.length = 0;
    t.fake.known.clear();
    const message = await sentMessage(t, 'Flood');
    await restore(t);
    t.fake.known.set(t.phones[0] as string, 'SMflood-0');
    const before = await billingOf(t.db, t.station.id);

    const decided = await t.admin.post(`/admin/api/messages/${message.id}/held-after-restore/cancel`);
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toEqual({
      action: 'cancel',
      already_sent: 1,
      queued: 0,
      cancelled: 5,
      provider_checked: true,
    });
    const rows = (await statuses(t)).rows.filter((r) => r.body.includes('Flood'));
    expect(rows).toHaveLength(6);
    expect(rows.filter((r) => r.status === 'sent').map((r) => r.phone)).toEqual([t.phones[0]]);
    expect(rows.filter((r) => r.status === 'failed').every((r) => r.error === CANCELLED_AFTER_RESTORE)).toBe(
      true,
    );
    const after = await billingOf(t.db, t.station.id);
    expect((after?.smsCreditsBalance ?? 0) - (before?.smsCreditsBalance ?? 0)).toBe(5);
    const refunds = await t.db.select().from(creditLedger).where(eq(creditLedger.kind, 'refund'));
    expect(refunds.reduce((n, r) => n + r.credits, 0)).toBe(5);
    await dispatchLane({
      db: t.db,
      sms: t.fake.sms,
      now: () => DAYTIME,
      config: { ...DEFAULT_DISPATCH, ratePerSecond: 0 },
    });
    expect(t.fake.sent).toEqual([]);
  });

  it('Cancel them goes ahead when the provider cannot say, and both decisions are audited', async () => {
    const message = await sentMessage(t, 'Ice');
    await restore(t);
    t.fake.failLookups(true);
    const decided = (
      await t.admin.post(`/admin/api/messages/${message.id}/held-after-restore/cancel`)
    ).json();
    t.fake.failLookups(false);
    expect(decided).toMatchObject({ already_sent: 0, cancelled: 6, provider_checked: false });
    expect(t.fake.sent).toEqual([]);

    const audit = (await t.admin.get('/admin/api/audit?action=message')).json().entries as {
      action: string;
      target_id: string;
      details: Record<string, unknown>;
    }[];
    const held = audit.filter((e) => e.action.startsWith('message.held_texts'));
    // The refused tries (503, 403, 404) change nothing and record no decision.
    expect(held.map((e) => e.action).sort()).toEqual([
      'message.held_texts_cancelled',
      'message.held_texts_cancelled',
      'message.held_texts_sent',
      'message.held_texts_sent',
    ]);
    expect(held.find((e) => e.target_id === message.id)).toMatchObject({
      target_id: message.id,
      details: { label: 'Ice', cancelled: 6, already_sent: 0, provider_checked: false },
    });
  });
});
