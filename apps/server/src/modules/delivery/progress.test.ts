import { randomUUID } from 'node:crypto';
import type { TDeliveryProgress, TMessage } from '@message-station/shared';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { smsDeliveries, smsSends } from '../../db/schema/index.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createContact, createStationWithAdmin } from '../../test/factories.js';
import { createMessage } from '../../test/messages-factory.js';

// 04:00 UTC: 11 PM in New York, 10 PM in Chicago (quiet hours), 8 PM in Los Angeles (sending hours).
const NIGHT = new Date('2026-11-24T04:00:00Z');
const EIGHT_AM_NEW_YORK = new Date('2026-11-24T13:00:00Z');
const EIGHT_AM_CHICAGO = new Date('2026-11-24T14:00:00Z');
const NEW_YORK = ['+12125550101', '+16465550102'];
const CHICAGO = '+13125550103';
const LOS_ANGELES = '+13105550104';

type TContact = { phone: string; language: 'en' | 'es'; types: ('informational' | 'emergency')[] };

async function setup(contacts: TContact[]) {
  let clock = NIGHT;
  const { app, db } = await createTestApp({ now: () => clock, dispatchInBackground: false });
  const { station, adminEmail } = await createStationWithAdmin(db, {
    slug: 'kprog',
    languages: ['en', 'es'],
  });
  for (const contact of contacts) {
    await createContact(db, station.id, {
      phone: contact.phone,
      choices: contact.types.map((messageType) => ({ messageType, language: contact.language })),
    });
  }
  const admin = new TestClient(app);
  await admin.login(adminEmail);
  const sendSms = async (type: 'informational' | 'emergency') => {
    const message = await createMessage(db, station.id, {
      title: 'Library hours',
      original: 'The library opens at 10 tomorrow.',
      type,
      translations: { es: 'La biblioteca abre a las 10 mañana.' },
    });
    expect((await admin.post(`/admin/api/messages/${message.id}/send-sms`)).statusCode).toBe(200);
    return message.id;
  };
  const progress = async (messageId: string): Promise<TDeliveryProgress> =>
    (await admin.get(`/admin/api/messages/${messageId}/deliveries`)).json();
  /** The messages list's word on the message's latest send. */
  const lastSend = async (client: TestClient, messageId: string) =>
    ((await client.get('/admin/api/messages')).json() as TMessage[]).find((m) => m.id === messageId)
      ?.last_send;
  const activity = async (messageId: string) =>
    (await admin.get('/admin/api/activity?limit=20'))
      .json()
      .activities.find((line: { messageId: string }) => line.messageId === messageId);
  return {
    app,
    db,
    station,
    admin,
    sendSms,
    progress,
    lastSend,
    activity,
    setClock: (at: Date) => {
      clock = at;
    },
  };
}

/** What the dispatcher does to the rows of these phones (its own tests cover how). */
async function dispatcherMoves(db: Db, phones: string[], status: 'submitting' | 'sent', at: Date) {
  await db
    .update(smsDeliveries)
    .set(
      status === 'sent'
        ? { status, sentAt: at, providerMessageId: `SM${randomUUID()}`, attempts: 1 }
        : { status, claimedAt: at, claimedBy: 'node-a', submittedAt: at, attempts: 1 },
    )
    .where(inArray(smsDeliveries.phone, phones));
}

describe('a non-emergency message sent at night where its recipients are', async () => {
  const t = await setup([
    ...NEW_YORK.map((phone) => ({ phone, language: 'en' as const, types: ['informational' as const] })),
    { phone: CHICAGO, language: 'es', types: ['informational'] },
  ]);
  const messageId = await t.sendSms('informational');
  const stats = async () => (await t.admin.get('/admin/api/dashboard-stats')).json().stats;

  it('is held until 8 AM in each recipient’s zone, not sent, and counts no SMS sent', async () => {
    const progress = await t.progress(messageId);
    expect(progress).toMatchObject({ total: 3, held: 3, due: 0, sending: 0, sent: 0, queued: 3, waiting: 3 });
    expect(progress.releases).toEqual([
      { zone: 'America/New_York', at: EIGHT_AM_NEW_YORK.toISOString(), count: 2 },
      { zone: 'America/Chicago', at: EIGHT_AM_CHICAGO.toISOString(), count: 1 },
    ]);
    expect(progress.languages).toEqual([
      expect.objectContaining({ language: 'en', total: 2, held: 2, sent: 0 }),
      expect.objectContaining({ language: 'es', total: 1, held: 1, sent: 0 }),
    ]);

    const line = await t.activity(messageId);
    expect(line).toMatchObject({
      status: 'held',
      description: 'SMS to 3 subscribers held for quiet hours until 8 AM their time',
      delivery: {
        recipients: 3,
        held: 3,
        sent: 0,
        heldUntil: EIGHT_AM_NEW_YORK.toISOString(),
        // Two zones: the web says "8 AM their local time".
        heldZone: null,
      },
    });

    expect(await t.lastSend(t.admin, messageId)).toEqual({
      sent_at: NIGHT.toISOString(),
      recipients: 3,
      in_flight: 3,
      held: 3,
      sent: 0,
      delivered: 0,
      failed: 0,
    });

    expect(await stats()).toMatchObject({ totalSmsSent: 0, smsSentThisMonth: 0 });
    expect((await stats()).smsPerDay.every((day: { count: number }) => day.count === 0)).toBe(true);
  });

  it('at 8 AM in New York is queued there, sending, then sent while Chicago is still held', async () => {
    t.setClock(EIGHT_AM_NEW_YORK);
    expect(await t.progress(messageId)).toMatchObject({ due: 2, held: 1, sent: 0 });
    expect(await t.activity(messageId)).toMatchObject({
      status: 'queued',
      description: 'SMS queued for 3 subscribers',
    });

    await dispatcherMoves(t.db, NEW_YORK, 'submitting', EIGHT_AM_NEW_YORK);
    expect(await t.progress(messageId)).toMatchObject({ due: 0, sending: 2, held: 1, queued: 3 });
    expect((await t.activity(messageId)).status).toBe('sending');
    expect((await stats()).totalSmsSent).toBe(0);

    await dispatcherMoves(t.db, NEW_YORK, 'sent', EIGHT_AM_NEW_YORK);
    const progress = await t.progress(messageId);
    expect(progress).toMatchObject({ sent: 2, held: 1, queued: 1 });
    expect(progress.releases).toEqual([
      { zone: 'America/Chicago', at: EIGHT_AM_CHICAGO.toISOString(), count: 1 },
    ]);
    expect(await t.activity(messageId)).toMatchObject({
      status: 'held',
      delivery: { sent: 2, held: 1, heldUntil: EIGHT_AM_CHICAGO.toISOString(), heldZone: 'America/Chicago' },
    });
    expect(await t.lastSend(t.admin, messageId)).toMatchObject({ in_flight: 1, held: 1, sent: 2 });
    expect(await stats()).toMatchObject({ totalSmsSent: 2, smsSentThisMonth: 2 });
  });

  it('once Chicago’s text goes too, says sent to 3 subscribers and counts 3 SMS sent that day', async () => {
    t.setClock(EIGHT_AM_CHICAGO);
    await dispatcherMoves(t.db, [CHICAGO], 'sent', EIGHT_AM_CHICAGO);
    expect(await t.progress(messageId)).toMatchObject({
      total: 3,
      sent: 3,
      queued: 0,
      held: 0,
      releases: [],
    });
    expect(await t.activity(messageId)).toMatchObject({
      status: 'sent',
      description: 'SMS sent to 3 subscribers',
      delivery: { sent: 3, held: 0, heldUntil: null, heldZone: null },
    });
    expect(await t.lastSend(t.admin, messageId)).toMatchObject({
      recipients: 3,
      in_flight: 0,
      held: 0,
      sent: 3,
      failed: 0,
    });
    const after = await stats();
    expect(after).toMatchObject({ totalSmsSent: 3, smsSentThisMonth: 3 });
    expect(after.smsPerDay.at(-1)).toEqual({ date: '2026-11-24', count: 3 });
  });
});

describe('delivery progress', async () => {
  const t = await setup([
    ...NEW_YORK.map((phone) => ({
      phone,
      language: 'en' as const,
      types: ['informational' as const, 'emergency' as const],
    })),
    { phone: LOS_ANGELES, language: 'es', types: ['informational', 'emergency'] },
  ]);

  it('sends emergencies at once at night: queued, never held', async () => {
    const messageId = await t.sendSms('emergency');
    expect(await t.progress(messageId)).toMatchObject({ total: 3, due: 3, held: 0, releases: [] });
    expect((await t.activity(messageId)).status).toBe('queued');
  });

  it('counts a retry waiting out its backoff as queued, not held, and flags possible duplicates', async () => {
    const messageId = await t.sendSms('informational');
    expect(await t.progress(messageId)).toMatchObject({ total: 3, held: 2, due: 1 });
    // Los Angeles: the provider timed out and the text waits 20 s to try again.
    await t.db
      .update(smsDeliveries)
      .set({ attempts: 1, notBefore: new Date(NIGHT.getTime() + 20_000), error: 'Timed out' })
      .where(inArray(smsDeliveries.phone, [LOS_ANGELES]));
    expect(await t.progress(messageId)).toMatchObject({ held: 2, due: 1, possibleDuplicates: 0 });

    // A node died mid-call and the provider could not say whether it had the text: sent again.
    await t.db
      .update(smsDeliveries)
      .set({ status: 'sent', sentAt: NIGHT, reclaimed: 1, attempts: 2 })
      .where(inArray(smsDeliveries.phone, [LOS_ANGELES]));
    const progress = await t.progress(messageId);
    expect(progress).toMatchObject({ sent: 1, held: 2, possibleDuplicates: 1 });
    expect((await t.activity(messageId)).delivery.possibleDuplicates).toBe(1);
  });

  it('answers 404 for another station’s message or one that does not exist', async () => {
    const other = await createStationWithAdmin(t.db, { slug: 'kother' });
    const foreign = await createMessage(t.db, other.station.id, { original: 'Not yours' });
    const response = await t.admin.get(`/admin/api/messages/${foreign.id}/deliveries`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'Message not found' });
    expect((await t.admin.get(`/admin/api/messages/${randomUUID()}/deliveries`)).statusCode).toBe(404);
  });

  it('lists a message never sent without a send, and counts only the station’s own sends', async () => {
    const unsent = await createMessage(t.db, t.station.id, { original: 'Not sent yet' });
    expect(await t.lastSend(t.admin, unsent.id)).toBeNull();

    const sent = await t.sendSms('emergency');
    await t.db
      .update(smsDeliveries)
      .set({ status: 'failed', error: 'Not a valid number', finishedAt: NIGHT })
      .where(inArray(smsDeliveries.phone, [LOS_ANGELES]));
    await dispatcherMoves(t.db, [NEW_YORK[0] as string], 'sent', NIGHT);
    expect(await t.lastSend(t.admin, sent)).toEqual({
      sent_at: NIGHT.toISOString(),
      recipients: 3,
      in_flight: 1,
      held: 0,
      sent: 1,
      delivered: 0,
      failed: 1,
    });

    // Another station's send, even one that names this station's message, is never counted.
    const other = await createStationWithAdmin(t.db, { slug: 'klast' });
    await createContact(t.db, other.station.id, {
      phone: '+12125550199',
      choices: [{ messageType: 'emergency', language: 'en' }],
    });
    const theirs = await createMessage(t.db, other.station.id, { original: 'Theirs', type: 'emergency' });
    const stranger = new TestClient(t.app);
    await stranger.login(other.adminEmail);
    expect((await stranger.post(`/admin/api/messages/${theirs.id}/send-sms`)).statusCode).toBe(200);
    await t.db.insert(smsSends).values({
      stationId: other.station.id,
      messageId: unsent.id,
      messageTitle: 'Not sent yet',
      messageType: 'emergency',
      recipients: 1,
      credits: 1,
    });
    expect(await t.lastSend(t.admin, unsent.id)).toBeNull();
    expect(await t.lastSend(t.admin, theirs.id)).toBeUndefined();
    expect(await t.lastSend(stranger, theirs.id)).toMatchObject({ recipients: 1, in_flight: 1 });
  });
});
