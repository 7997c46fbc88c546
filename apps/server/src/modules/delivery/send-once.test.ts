// One click, one send: Idempotency-Key, concurrent clicks, "send again", and a trial that ended
// a minute ago (checked from its date, not the stored status the hourly job updates).
import { SEND_ERRORS } from '@message-station/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditLedger, smsDeliveries, smsSends } from '../../db/schema/index.js';
import type { TSmsProvider } from '../../providers/sms/types.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createContact, createStationWithAdmin, setBilling } from '../../test/factories.js';
import { createMessage } from '../../test/messages-factory.js';
import { DEFAULT_DISPATCH, dispatchLane } from './dispatcher.js';

const DAYTIME = new Date('2026-11-23T18:00:00Z');

describe('a send happens once', async () => {
  const sent: string[] = [];
  const sms: TSmsProvider = {
    name: 'outbox',
    async send({ to }) {
      sent.push(to);
      return { providerMessageId: `id-${sent.length}` };
    },
  };
  const { app, db } = await createTestApp({ now: () => DAYTIME, dispatchInBackground: false, sms });
  const { station, adminEmail } = await createStationWithAdmin(db, { slug: 'konce' });
  for (const phone of ['+12125550101', '+12125550102', '+12125550103']) {
    await createContact(db, station.id, { phone, choices: [{ messageType: 'emergency', language: 'en' }] });
  }
  const admin = new TestClient(app);
  await admin.login(adminEmail);
  const url = (id: string) => `/admin/api/messages/${id}/send-sms`;
  const sendsOf = async (messageId: string) =>
    (await db.select().from(smsSends)).filter((s) => s.messageId === messageId);

  it('answers a retry with the same Idempotency-Key with the first send, even when both arrive at once', async () => {
    const message = await createMessage(db, station.id, { original: 'Shelter in place.' });
    const key = { 'Idempotency-Key': 'click-1' };
    const [a, b] = await Promise.all([
      admin.post(url(message.id), {}, key),
      admin.post(url(message.id), {}, key),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().send_id).toBe(b.json().send_id);
    expect(await sendsOf(message.id)).toHaveLength(1);
    const later = await admin.post(url(message.id), {}, key);
    expect(later.json()).toMatchObject({ send_id: a.json().send_id, sent_count: 3, credits: 3 });
    expect((await db.select().from(smsDeliveries)).filter((d) => d.sendId === a.json().send_id)).toHaveLength(
      3,
    );
    const debits = await db.select().from(creditLedger).where(eq(creditLedger.reference, message.id));
    expect(debits).toHaveLength(1);
  });

  it('two clicks without a key: one send, the other 409 send_in_progress with the first send', async () => {
    const message = await createMessage(db, station.id, { original: 'Road closed.' });
    const answers = await Promise.all([admin.post(url(message.id)), admin.post(url(message.id))]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const ok = answers.find((r) => r.statusCode === 200)?.json();
    const conflict = answers.find((r) => r.statusCode === 409)?.json();
    expect(conflict).toMatchObject({
      code: 'send_in_progress',
      previous_send: { send_id: ok.send_id, recipients: 3, sent_at: DAYTIME.toISOString() },
    });
    expect(conflict.error).toBe('This message is already being sent. Confirm to send it again.');
    expect(await sendsOf(message.id)).toHaveLength(1);
  });

  it('after the texts went: 409 already_sent, and send_again sends once more', async () => {
    const message = await createMessage(db, station.id, { original: 'Water is safe again.' });
    expect((await admin.post(url(message.id))).statusCode).toBe(200);
    await dispatchLane({ db, sms, now: () => DAYTIME, config: { ...DEFAULT_DISPATCH, ratePerSecond: 0 } });
    const repeat = await admin.post(url(message.id));
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json().code).toBe('already_sent');
    const again = await admin.post(url(message.id), { send_again: true });
    expect(again.statusCode).toBe(200);
    expect(await sendsOf(message.id)).toHaveLength(2);
  });

  it('refuses a key used for another message, and a key that is not visible ASCII', async () => {
    const first = await createMessage(db, station.id, { original: 'First.' });
    const second = await createMessage(db, station.id, { original: 'Second.' });
    expect((await admin.post(url(first.id), {}, { 'Idempotency-Key': 'shared-key' })).statusCode).toBe(200);
    const reused = await admin.post(url(second.id), {}, { 'Idempotency-Key': 'shared-key' });
    expect(reused.statusCode).toBe(422);
    expect(await sendsOf(second.id)).toHaveLength(0);
    const bad = await admin.post(url(second.id), {}, { 'Idempotency-Key': 'has space' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Idempotency-Key must be 1 to 200 visible ASCII characters');
  });

  it("another station's message answers 404, with or without a key", async () => {
    const other = await createStationWithAdmin(db, { slug: 'kother' });
    const foreign = await createMessage(db, other.station.id, { original: 'Not yours.' });
    expect((await admin.post(url(foreign.id))).statusCode).toBe(404);
    expect((await admin.post(url(foreign.id), {}, { 'Idempotency-Key': 'x1' })).statusCode).toBe(404);
  });

  it('a trial past its end date cannot send, though the hourly job has not marked it yet', async () => {
    const trial = await createStationWithAdmin(db, { slug: 'ktrial' });
    await createContact(db, trial.station.id, {
      phone: '+12125550199',
      choices: [{ messageType: 'emergency', language: 'en' }],
    });
    const trialAdmin = new TestClient(app, '10.0.0.7');
    await trialAdmin.login(trial.adminEmail);
    const message = await createMessage(db, trial.station.id, { original: 'Trial.' });
    await setBilling(db, trial.station.id, {
      paymentStatus: 'trial',
      paymentExpiresAt: new Date(DAYTIME.getTime() - 60_000),
    });
    const ended = await trialAdmin.post(url(message.id));
    expect(ended.statusCode).toBe(402);
    expect(ended.json().error).toBe(SEND_ERRORS.noSubscription);
    await setBilling(db, trial.station.id, { paymentExpiresAt: new Date(DAYTIME.getTime() + 60_000) });
    expect((await trialAdmin.post(url(message.id))).statusCode).toBe(200);

    // A renewal that failed 15 days ago: suspended from that moment on.
    await setBilling(db, trial.station.id, {
      paymentStatus: 'paid',
      paymentFailedAt: new Date(DAYTIME.getTime() - 15 * 86_400_000),
    });
    const lapsed = await trialAdmin.post(url(message.id), { send_again: true });
    expect(lapsed.statusCode).toBe(402);
  });
});
