import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, smsDeliveries, smsSends, stations } from '../../db/schema/index.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createContact, createStationWithAdmin, setBilling } from '../../test/factories.js';
import { createMessage } from '../../test/messages-factory.js';

const PHONES = ['+12125550101', '+12125550102', '+12125550103'];
const TODAY = new Date('2026-11-23T18:00:00Z');

type TFinal = 'sent' | 'delivered' | 'undelivered' | 'failed';

async function setup() {
  let clock = TODAY;
  const { app, db } = await createTestApp({ now: () => clock, dispatchInBackground: false });
  const station = await createStationWithAdmin(db, { slug: 'kdash' });
  for (const phone of PHONES) await createContact(db, station.station.id, { phone });
  const other = await createStationWithAdmin(db, { slug: 'kother' });
  await createContact(db, other.station.id, { phone: '+12125550199' });
  const admin = new TestClient(app);
  await admin.login(station.adminEmail);
  const otherAdmin = new TestClient(app, '10.0.0.2');
  await otherAdmin.login(other.adminEmail);

  /** An emergency message sent by SMS at `at` (it goes at once: no quiet hours). */
  const sendAt = async (at: Date, title: string, client = admin, stationId = station.station.id) => {
    clock = at;
    const message = await createMessage(db, stationId, { title, original: `${title}.` });
    expect((await client.post(`/admin/api/messages/${message.id}/send-sms`)).statusCode).toBe(200);
    clock = TODAY;
    return message.id;
  };
  /** What the dispatcher and the status callbacks leave on the message's rows, phone by phone. */
  const settle = async (messageId: string, at: Date, statuses: Record<string, TFinal>) => {
    const sends = db.select({ id: smsSends.id }).from(smsSends).where(eq(smsSends.messageId, messageId));
    for (const [phone, status] of Object.entries(statuses)) {
      await db
        .update(smsDeliveries)
        .set({
          status,
          attempts: 1,
          ...(status === 'failed' ? { error: 'Not a mobile number' } : { sentAt: at }),
        })
        .where(and(inArray(smsDeliveries.sendId, sends), eq(smsDeliveries.phone, phone)));
    }
  };
  return { db, admin, otherAdmin, otherStationId: other.station.id, sendAt, settle };
}

const [A, B, C] = PHONES as [string, string, string];

describe('the dashboard', async () => {
  const t = await setup();
  // Last month, delivered.
  const october = await t.sendAt(new Date('2026-10-20T18:00:00Z'), 'October');
  await t.settle(october, new Date('2026-10-20T18:00:05Z'), {
    [A]: 'delivered',
    [B]: 'delivered',
    [C]: 'delivered',
  });
  // Accepted a minute before November in UTC; the provider took two of them after midnight UTC,
  // still October 31 (8 PM) in New York, the station's zone.
  const midnight = await t.sendAt(new Date('2026-10-31T23:59:00Z'), 'Midnight');
  await t.settle(midnight, new Date('2026-11-01T00:00:30Z'), {
    [A]: 'sent',
    [B]: 'undelivered',
    [C]: 'failed',
  });
  const bounced = await t.sendAt(new Date('2026-11-23T17:00:00Z'), 'Bounced');
  await t.settle(bounced, TODAY, { [A]: 'failed', [B]: 'failed', [C]: 'failed' });
  // Accepted just now, not yet with the provider.
  const today = await t.sendAt(TODAY, 'Today');
  const elsewhere = await t.sendAt(TODAY, 'Elsewhere', t.otherAdmin, t.otherStationId);

  it('counts as SMS sent only texts handed to the provider, by the station’s day they were handed over', async () => {
    const { station, stats } = (await t.admin.get('/admin/api/dashboard-stats')).json();
    expect(station.time_zone).toBe('America/New_York');
    // October's 3 and Midnight's sent and undelivered; not the failed, not today's queued ones.
    expect(stats.totalSmsSent).toBe(5);
    expect(stats.smsSentThisMonth).toBe(0);
    const days = Object.fromEntries(
      stats.smsPerDay.map((d: { date: string; count: number }) => [d.date, d.count]),
    );
    expect(stats.smsPerDay).toHaveLength(30);
    expect(stats.smsPerDay.at(-1).date).toBe('2026-11-23');
    expect(days['2026-10-31']).toBe(2);
    expect(days['2026-11-01']).toBe(0);
    expect(days['2026-11-23']).toBe(0);
    expect(Object.values(days).reduce((sum: number, n) => sum + (n as number), 0)).toBe(2);
  });

  it('says where each message’s texts are, newest first, and never says sent for queued ones', async () => {
    const lines = (await t.admin.get('/admin/api/activity?limit=20')).json().activities;
    expect(
      lines.map((l: { messageTitle: string; status: string; description: string }) => [
        l.messageTitle,
        l.status,
        l.description,
      ]),
    ).toEqual([
      ['Today', 'queued', 'SMS queued for 3 subscribers'],
      ['Bounced', 'failed', 'SMS failed for 3 subscribers'],
      ['Midnight', 'partial', 'SMS partly sent to 3 subscribers: 1 sent, 2 failed'],
      ['October', 'delivered', 'SMS delivered to 3 subscribers'],
    ]);
    expect(lines[2].delivery).toMatchObject({ total: 3, sent: 1, failed: 2, recipients: 3 });
    expect(lines.some((l: { messageId: string }) => l.messageId === elsewhere)).toBe(false);
  });

  it('merges a second send of a message into its line, counting subscribers once', async () => {
    // The same message once more, confirmed as a new send.
    const again = await t.admin.post(`/admin/api/messages/${today}/send-sms`, { send_again: true });
    expect(again.statusCode).toBe(200);
    const [line] = (await t.admin.get('/admin/api/activity?limit=1')).json().activities;
    expect(line).toMatchObject({
      messageId: today,
      status: 'queued',
      description: 'SMS queued for 3 subscribers',
      delivery: { recipients: 3, total: 6, due: 6 },
    });
  });

  it('keeps the line of a deleted message, without a link to it', async () => {
    await t.db.delete(messages).where(eq(messages.id, october));
    const lines = (await t.admin.get('/admin/api/activity?limit=20')).json().activities;
    expect(lines.at(-1)).toMatchObject({ messageId: null, messageTitle: 'October', status: 'delivered' });
  });
});

describe('dashboard alerts', () => {
  it('carry a code and the numbers their words need, so every page words them in its language', async () => {
    const { app, db } = await createTestApp({ now: () => TODAY, dispatchInBackground: false });
    const station = await createStationWithAdmin(db, { slug: 'kalerts' });
    await db.update(stations).set({ smsEnabled: false }).where(eq(stations.id, station.station.id));
    await setBilling(db, station.station.id, { smsCreditsBalance: 12 });
    const admin = new TestClient(app);
    await admin.login(station.adminEmail);
    const { alerts } = (await admin.get('/admin/api/dashboard-stats')).json();
    expect(alerts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'sms_disabled', message: 'SMS is disabled for this station.' }),
        expect.objectContaining({
          code: 'low_credits',
          params: { credits: 12 },
          message: 'Low SMS credits: 12 left.',
          link: '/admin/billing',
        }),
      ]),
    );
    await app.close();
  });
});
