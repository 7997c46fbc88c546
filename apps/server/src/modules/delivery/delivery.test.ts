import { notEnoughCreditsError, SEND_ERRORS } from '@message-station/shared';
import { eq } from 'drizzle-orm';
import twilio from 'twilio';
import { describe, expect, it, vi } from 'vitest';
import {
  creditLedger,
  smsDeliveries,
  smsDispatchLanes,
  smsEarlyStatuses,
  smsSends,
  stations,
  users,
} from '../../db/schema/index.js';
import { createOutboxSmsProvider } from '../../providers/sms/outbox.js';
import { SmsSendError, type TSmsProvider } from '../../providers/sms/types.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { billingOf, createContact, createStationWithAdmin, setBilling } from '../../test/factories.js';
import { createMessage } from '../../test/messages-factory.js';
import { DEFAULT_DISPATCH, dispatchLane, recoverInFlight, type TDispatchDeps } from './dispatcher.js';

const AUTH_TOKEN = 'status-secret';
// 18:00 UTC: 1 PM in New York, 10 AM in Los Angeles, 8 AM in Honolulu: inside sending hours.
const DAYTIME = new Date('2026-11-23T18:00:00Z');

type TSent = { to: string; body: string };

function fakeProvider(
  sent: TSent[],
  fail?: (to: string, attempt: number) => SmsSendError | null,
): TSmsProvider {
  const attempts = new Map<string, number>();
  return {
    name: 'twilio',
    async send({ to, body }) {
      const attempt = (attempts.get(to) ?? 0) + 1;
      attempts.set(to, attempt);
      const error = fail?.(to, attempt);
      if (error) throw error;
      sent.push({ to, body });
      return { providerMessageId: `SM${sent.length.toString().padStart(6, '0')}` };
    },
  };
}

async function setup(
  options: {
    credits?: number;
    now?: () => Date;
    fail?: (to: string, attempt: number) => SmsSendError | null;
  } = {},
) {
  const sent: TSent[] = [];
  const sms = fakeProvider(sent, options.fail);
  let clock = DAYTIME;
  const now = options.now ?? (() => clock);
  const { app, db, config } = await createTestApp({
    now,
    sms,
    // These tests drive the dispatcher by hand.
    dispatchInBackground: false,
    config: {
      sms: {
        provider: 'twilio',
        testMode: false,
        ratePerSecond: 0,
        twilio: {
          accountSid: 'AC1',
          authToken: AUTH_TOKEN,
          fromNumber: '+15005550006',
          statusCallbackUrl: 'x',
        },
      },
    } as never,
  });
  const { station, adminEmail } = await createStationWithAdmin(db, {
    slug: 'kfan',
    languages: ['en', 'es', 'fr'],
  });
  await setBilling(db, station.id, { smsCreditsBalance: options.credits ?? 100 });
  await createContact(db, station.id, {
    phone: '+12125550101',
    choices: [
      { messageType: 'emergency', language: 'en' },
      { messageType: 'informational', language: 'en' },
    ],
  });
  await createContact(db, station.id, {
    phone: '+13105550102',
    choices: [
      { messageType: 'emergency', language: 'es' },
      { messageType: 'informational', language: 'es' },
    ],
  });
  await createContact(db, station.id, {
    phone: '+14155550103',
    choices: [{ messageType: 'emergency', language: 'fr' }],
  });
  await createContact(db, station.id, { phone: '+12125550104', status: 'opted_out' });
  await createContact(db, station.id, { phone: '+12125550105', status: 'paused' });
  await createContact(db, station.id, { phone: '+12125550106', status: 'pending', verified: false });
  const admin = new TestClient(app);
  await admin.login(adminEmail);
  const deps: TDispatchDeps = { db, sms, now, config: { ...DEFAULT_DISPATCH, ratePerSecond: 0 } };
  return {
    app,
    db,
    config,
    station,
    admin,
    sent,
    deps,
    setClock: (at: Date) => {
      clock = at;
    },
  };
}

/** Twilio's status callback for a provider id, signed as Twilio signs it (or not). */
function statusCallback(t: Awaited<ReturnType<typeof setup>>, sid: string, status: string, signed = true) {
  const params = { MessageSid: sid, MessageStatus: status };
  const url = `${t.config.publicUrl}/webhooks/sms/status`;
  return t.app.inject({
    method: 'POST',
    url: '/webhooks/sms/status',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signed ? { 'x-twilio-signature': twilio.getExpectedTwilioSignature(AUTH_TOKEN, url, params) } : {}),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

describe('sending a message by SMS', async () => {
  const t = await setup();
  const message = await createMessage(t.db, t.station.id, {
    title: 'Boil water',
    original: 'Boil water before drinking until Friday.',
    translations: { es: 'Hierva el agua antes de beberla hasta el viernes.' },
  });

  it('previews recipients, segments per language, credits and waits before anything is spent', async () => {
    const preview = (await t.admin.get(`/admin/api/messages/${message.id}/send-sms/preview`)).json();
    expect(preview).toMatchObject({ recipients: 3, credits: 3, balance: 100, waiting: 0, emergency: true });
    const byLanguage = Object.fromEntries(
      preview.languages.map((l: { language: string }) => [l.language, l]),
    );
    expect(byLanguage.es).toMatchObject({ recipients: 1, segments: 1, translated: true });
    expect(byLanguage.fr).toMatchObject({ recipients: 1, translated: false });
    expect(byLanguage.fr.body).toContain('Boil water before drinking');
    expect((await t.db.select().from(smsDeliveries)).length).toBe(0);
  });

  it('queues one delivery per active, verified subscriber, in their language, and debits the segments', async () => {
    const response = await t.admin.post(`/admin/api/messages/${message.id}/send-sms`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ sent_count: 3, credits: 3, balance: 97, waiting: 0 });
    const rows = await t.db.select().from(smsDeliveries);
    expect(rows.map((r) => [r.phone, r.language]).sort()).toEqual([
      ['+12125550101', 'en'],
      ['+13105550102', 'es'],
      ['+14155550103', 'fr'],
    ]);
    const spanish = rows.find((r) => r.language === 'es');
    expect(spanish?.body).toBe(
      'KFAN Radio: Hierva el agua antes de beberla hasta el viernes.\nResponda STOP para cancelar',
    );
    const [ledger] = await t.db.select().from(creditLedger).where(eq(creditLedger.kind, 'send'));
    expect(ledger).toMatchObject({ credits: -3, balanceAfter: 97, params: { recipients: 3 } });

    expect((await dispatchLane(t.deps)).sent).toBe(3);
    expect(t.sent.map((s) => s.to).sort()).toEqual(['+12125550101', '+13105550102', '+14155550103']);
    const progress = (await t.admin.get(`/admin/api/messages/${message.id}/deliveries`)).json();
    expect(progress).toMatchObject({ total: 3, sent: 3, queued: 0, failed: 0 });
  });

  it('moves deliveries forward on signed status callbacks, never back from a final status', async () => {
    const callback = (sid: string, status: string, signed = true) => statusCallback(t, sid, status, signed);
    expect((await callback('SM000001', 'delivered', false)).statusCode).toBe(403);
    expect((await callback('SM000001', 'delivered')).statusCode).toBe(204);
    await callback('SM000001', 'sent');
    await callback('SM000002', 'undelivered');
    await callback('SM000002', 'delivered');
    const rows = await t.db.select().from(smsDeliveries);
    const bySid = Object.fromEntries(rows.map((r) => [r.providerMessageId, r.status]));
    expect(bySid).toMatchObject({ SM000001: 'delivered', SM000002: 'undelivered', SM000003: 'sent' });
  });

  it('refuses with the spec texts and writes nothing', async () => {
    const user = new TestClient(t.app, '10.0.0.9');
    await t.db.insert(users).values({
      stationId: t.station.id,
      email: 'staff@kfan.test',
      passwordHash: (await t.db.select().from(users).where(eq(users.email, 'admin@kfan.test')))[0]
        ?.passwordHash as string,
      fullName: 'Staff',
      role: 'user',
    });
    await user.login('staff@kfan.test');
    const staff = await user.post(`/admin/api/messages/${message.id}/send-sms`);
    expect(staff.statusCode).toBe(403);
    expect(staff.json().error).toBe(SEND_ERRORS.adminOnly);

    await t.db.update(stations).set({ smsEnabled: false }).where(eq(stations.id, t.station.id));
    expect(
      (await t.admin.post(`/admin/api/messages/${message.id}/send-sms`, { send_again: true })).json().error,
    ).toBe(SEND_ERRORS.smsDisabled);
    await t.db.update(stations).set({ smsEnabled: true }).where(eq(stations.id, t.station.id));
    await setBilling(t.db, t.station.id, { paymentStatus: 'suspended' });
    const suspended = await t.admin.post(`/admin/api/messages/${message.id}/send-sms`, { send_again: true });
    expect(suspended.statusCode).toBe(402);
    expect(suspended.json().error).toBe(SEND_ERRORS.noSubscription);
    await setBilling(t.db, t.station.id, { paymentStatus: 'paid', smsCreditsBalance: 2 });
    const poor = await t.admin.post(`/admin/api/messages/${message.id}/send-sms`, { send_again: true });
    expect(poor.statusCode).toBe(402);
    expect(poor.json().error).toBe(notEnoughCreditsError(3, 2));
    expect((await t.db.select().from(smsDeliveries)).length).toBe(3);

    const other = await createStationWithAdmin(t.db, { slug: 'kother' });
    const foreign = await createMessage(t.db, other.station.id, { original: 'Not yours' });
    expect((await t.admin.post(`/admin/api/messages/${foreign.id}/send-sms`)).statusCode).toBe(404);
    expect((await t.admin.get(`/admin/api/messages/${foreign.id}/deliveries`)).statusCode).toBe(404);
    expect((await t.admin.get(`/admin/api/messages/${foreign.id}/send-sms/preview`)).statusCode).toBe(404);
  });

  it('never overspends when two sends race for the last credits', async () => {
    await setBilling(t.db, t.station.id, { smsCreditsBalance: 4 });
    const [a, b] = await Promise.all([
      t.admin.post(`/admin/api/messages/${message.id}/send-sms`, { send_again: true }),
      t.admin.post(`/admin/api/messages/${message.id}/send-sms`, { send_again: true }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 402]);
    const station = await billingOf(t.db, t.station.id);
    expect(station?.smsCreditsBalance).toBe(1);
  });
});

describe('the dispatcher', async () => {
  it('retries a transient failure, fails a permanent one and refunds it', async () => {
    const t = await setup({
      fail: (to, attempt) =>
        to === '+12125550101' && attempt === 1
          ? new SmsSendError('transient', 'Too many requests', 20429)
          : to === '+13105550102'
            ? new SmsSendError('permanent', 'Not a mobile number', 21614)
            : null,
    });
    const message = await createMessage(t.db, t.station.id, { original: 'Storm warning tonight.' });
    await t.admin.post(`/admin/api/messages/${message.id}/send-sms`);
    await dispatchLane(t.deps);
    const rows = async () =>
      Object.fromEntries((await t.db.select().from(smsDeliveries)).map((r) => [r.phone, r]));
    let now = await rows();
    expect(now['+12125550101']).toMatchObject({ status: 'queued', attempts: 1, error: 'Too many requests' });
    expect(now['+13105550102']).toMatchObject({ status: 'failed', error: 'Not a mobile number' });
    expect(now['+14155550103']?.status).toBe('sent');
    const [refund] = await t.db.select().from(creditLedger).where(eq(creditLedger.kind, 'refund'));
    expect(refund).toMatchObject({ credits: 1, params: { count: 1 } });
    const station = await billingOf(t.db, t.station.id);
    expect(station?.smsCreditsBalance).toBe(98);

    t.setClock(new Date(DAYTIME.getTime() + 5_000));
    await dispatchLane(t.deps);
    now = await rows();
    expect(now['+12125550101']).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('never takes a claim from a holder that lives: a second dispatcher waits while the first renews', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: string[] = [];
    const slow: TSmsProvider = {
      name: 'twilio',
      async send({ to }) {
        // The first text takes longer than the whole lease.
        if (to === '+12125550101') await gate;
        sent.push(to);
        return { providerMessageId: `SM${sent.length}` };
      },
    };
    const t = await setup();
    const message = await createMessage(t.db, t.station.id, { original: 'Longer than the lease.' });
    await t.admin.post(`/admin/api/messages/${message.id}/send-sms`);
    // A lease long enough that a busy machine's stall (a few hundred ms) never outlasts it.
    const leaseMs = 1000;
    const config = { ...t.deps.config, leaseMs, concurrency: 1 };
    const first = dispatchLane({ ...t.deps, sms: slow, config, holder: 'node-a' });
    const submitting = async () =>
      (await t.db.select().from(smsDeliveries)).filter((r) => r.status === 'submitting').length;
    await vi.waitFor(async () => expect(await submitting()).toBeGreaterThan(0), { interval: 20 });
    const leaseEnd = async () => {
      const [lane] = await t.db.select().from(smsDispatchLanes);
      return lane?.leaseUntil?.getTime() ?? 0;
    };
    // Node A is stuck in its provider call while three whole leases go by; it keeps renewing (its
    // lease end moves past where the lease it started with would have run out), so B never takes over.
    const firstEnd = await leaseEnd();
    for (let i = 1; i <= 3; i++) {
      await vi.waitFor(async () => expect(await leaseEnd()).toBeGreaterThan(firstEnd + i * leaseMs), {
        timeout: 10_000,
        interval: 25,
      });
      const second = await dispatchLane({ ...t.deps, sms: slow, config, holder: 'node-b' });
      expect(second.held).toBe(false);
    }
    release();
    expect((await first).sent).toBe(3);
    expect(sent.sort()).toEqual(['+12125550101', '+13105550102', '+14155550103']);
    const rows = await t.db.select().from(smsDeliveries);
    expect(rows.every((r) => r.status === 'sent' && r.reclaimed === 0 && r.attempts === 1)).toBe(true);
  });

  it('keeps a status callback that overtakes the recording of the provider id, and applies it', async () => {
    const t = await setup();
    const message = await createMessage(t.db, t.station.id, { original: 'Fast carrier.' });
    await t.admin.post(`/admin/api/messages/${message.id}/send-sms`);
    const callback = (sid: string, status: string) => statusCallback(t, sid, status);
    let n = 0;
    // The carrier reports delivery before the provider's answer reaches us.
    const eager: TSmsProvider = {
      name: 'twilio',
      async send() {
        n += 1;
        const sid = `SMfast${n}`;
        expect((await callback(sid, 'delivered')).statusCode).toBe(204);
        return { providerMessageId: sid };
      },
    };
    expect((await dispatchLane({ ...t.deps, sms: eager })).sent).toBe(3);
    const rows = await t.db.select().from(smsDeliveries);
    expect(rows.map((r) => r.status)).toEqual(['delivered', 'delivered', 'delivered']);
    expect(await t.db.select().from(smsEarlyStatuses)).toEqual([]);
  });

  it('paces each station to its rate', async () => {
    const t = await setup();
    await setBilling(t.db, t.station.id, { smsCreditsBalance: 1000 });
    for (let i = 0; i < 17; i++) {
      await createContact(t.db, t.station.id, {
        phone: `+1212555${(2000 + i).toString()}`,
        choices: [{ messageType: 'emergency', language: 'en' }],
      });
    }
    const message = await createMessage(t.db, t.station.id, { original: 'Paced.' });
    await t.admin.post(`/admin/api/messages/${message.id}/send-sms`);
    let fake = DAYTIME.getTime();
    const starts: number[] = [];
    const paced: TDispatchDeps = {
      ...t.deps,
      now: () => new Date(fake),
      sleepUntil: async (at) => {
        fake = Math.max(fake, at);
        starts.push(at);
      },
      config: { ...t.deps.config, ratePerSecond: 10, concurrency: 4 },
    };
    expect((await dispatchLane(paced)).sent).toBe(20);
    const gaps = starts.slice(1).map((s, i) => s - (starts[i] as number));
    expect(gaps.every((g) => Math.abs(g - 100) <= 10)).toBe(true);
    expect(starts.length).toBe(20);
  });
});

describe('quiet hours', async () => {
  // 03:00 UTC: 10 PM in New York (quiet), 7 PM in Los Angeles (sending hours).
  const night = new Date('2026-11-24T03:00:00Z');
  const t = await setup();
  t.setClock(night);
  await t.admin.login('admin@kfan.test');

  it('holds a non-emergency text until 8 AM where the recipient is, and sends emergencies at once', async () => {
    const info = await createMessage(t.db, t.station.id, {
      original: 'Library hours change.',
      type: 'informational',
    });
    const preview = (await t.admin.get(`/admin/api/messages/${info.id}/send-sms/preview`)).json();
    expect(preview).toMatchObject({ recipients: 2, waiting: 1, emergency: false });
    const sent = (await t.admin.post(`/admin/api/messages/${info.id}/send-sms`)).json();
    expect(sent.waiting).toBe(1);
    const rows = await t.db.select().from(smsDeliveries);
    const newYork = rows.find((r) => r.phone === '+12125550101');
    const losAngeles = rows.find((r) => r.phone === '+13105550102');
    // 8 AM Eastern on the 24th is 13:00 UTC.
    expect(newYork?.notBefore.toISOString()).toBe('2026-11-24T13:00:00.000Z');
    expect(losAngeles?.notBefore.toISOString()).toBe(night.toISOString());
    expect((await dispatchLane(t.deps)).sent).toBe(1);

    t.setClock(new Date(night.getTime() + 60_000));
    const emergency = await createMessage(t.db, t.station.id, {
      original: 'Evacuate now.',
      type: 'emergency',
    });
    const urgent = (await t.admin.post(`/admin/api/messages/${emergency.id}/send-sms`)).json();
    expect(urgent).toMatchObject({ sent_count: 3, waiting: 0 });
    expect((await dispatchLane(t.deps)).sent).toBe(3);

    t.setClock(new Date('2026-11-24T13:00:00Z'));
    expect((await dispatchLane(t.deps)).sent).toBe(1);
  });

  it('tells the dashboard the story: SMS sent, activity merged per message', async () => {
    const stats = (await t.admin.get('/admin/api/dashboard-stats')).json();
    expect(stats.stats).toMatchObject({
      totalSmsSent: 5,
      activeSubscribers: 3,
      subscriberCount: 6,
      totalMessages: 2,
    });
    expect(stats.stats.smsPerDay).toHaveLength(30);
    // Days are the station's, in its zone (New York, decision 0079): the texts of 18:00 and 03:00
    // UTC fell on Nov 23 there, the one of 13:00 UTC on Nov 24.
    expect(stats.stats.smsPerDay.slice(-2)).toEqual([
      { date: '2026-11-23', count: 4 },
      { date: '2026-11-24', count: 1 },
    ]);
    const activity = (await t.admin.get('/admin/api/activity?limit=20')).json().activities;
    expect(activity.map((a: { description: string }) => a.description)).toEqual([
      'SMS sent to 3 subscribers',
      'SMS sent to 2 subscribers',
    ]);
  });
});

describe('in the background (dev outbox)', async () => {
  const { app, db } = await createTestApp({ workers: true });
  const admin = new TestClient(app);
  await admin.login('admin@demo.test');
  const [demo] = await db.select().from(stations).where(eq(stations.slug, 'demo'));

  it('dispatches on its own after the send is accepted; the texts land in the outbox', async () => {
    const message = await createMessage(db, demo?.id as string, {
      original: 'Tornado warning: take shelter now.',
    });
    const accepted = (await admin.post(`/admin/api/messages/${message.id}/send-sms`)).json();
    expect(accepted.sent_count).toBeGreaterThan(0);
    await vi.waitFor(
      async () => {
        const progress = (await admin.get(`/admin/api/messages/${message.id}/deliveries`)).json();
        expect(progress).toMatchObject({ total: accepted.sent_count, sent: accepted.sent_count });
      },
      { timeout: 10_000, interval: 100 },
    );
    const outbox = (await admin.get('/dev/api/outbox')).json();
    const texts = JSON.stringify(outbox);
    expect(texts).toContain('Demo Radio: Tornado warning: take shelter now.');
  });
});

describe('resolving texts a dead dispatcher left in flight (dev outbox lookup)', async () => {
  const { db } = await createTestApp({ seed: false });
  const { station } = await createStationWithAdmin(db, { slug: 'kdead' });
  const sms = createOutboxSmsProvider(db);

  it('a text the outbox has is marked sent with its id; one it lacks goes back to the queue', async () => {
    const [send] = await db
      .insert(smsSends)
      .values({
        stationId: station.id,
        messageTitle: 'T',
        messageType: 'emergency',
        recipients: 2,
        credits: 2,
      })
      .returning();
    const at = new Date();
    const rows = await db
      .insert(smsDeliveries)
      .values(
        ['+12125550101', '+12125550102'].map((phone) => ({
          stationId: station.id,
          sendId: send?.id as string,
          phone,
          language: 'en',
          body: `KDEAD Radio: hello ${phone}`,
          segments: 1,
          notBefore: at,
          status: 'submitting' as const,
          claimedBy: 'a-node-that-died',
          submittedAt: at,
          attempts: 1,
        })),
      )
      .returning();
    // The first call reached the outbox before its node died; the second never did.
    const stored = await sms.send({ to: '+12125550101', body: 'KDEAD Radio: hello +12125550101' });
    const counts = await recoverInFlight(
      { db, sms, now: () => new Date(), config: DEFAULT_DISPATCH },
      'the-next-holder',
    );
    expect(counts).toEqual({ confirmed: 1, requeued: 1, resent: 0 });
    const after = Object.fromEntries((await db.select().from(smsDeliveries)).map((r) => [r.phone, r]));
    expect(after['+12125550101']).toMatchObject({
      status: 'sent',
      providerMessageId: stored.providerMessageId,
    });
    expect(after['+12125550102']).toMatchObject({ status: 'queued', reclaimed: 0 });
    expect(rows).toHaveLength(2);
  });

  it('when the provider cannot answer, the text is queued again and counted as a possible duplicate', async () => {
    const [row] = await db.select().from(smsDeliveries).where(eq(smsDeliveries.phone, '+12125550102'));
    await db
      .update(smsDeliveries)
      .set({ status: 'submitting', claimedBy: 'another-dead-node' })
      .where(eq(smsDeliveries.id, row?.id as string));
    const mute: TSmsProvider = {
      name: 'twilio',
      send: sms.send,
      lookup: async () => {
        throw new Error('Twilio 20503: Service unavailable');
      },
    };
    // A window of 0: asked once (decision 0051 retries within SMS_LOOKUP_WINDOW_SECONDS).
    const counts = await recoverInFlight(
      { db, sms: mute, now: () => new Date(), config: { ...DEFAULT_DISPATCH, lookupWindowMs: 0 } },
      'holder-3',
    );
    expect(counts).toEqual({ confirmed: 0, requeued: 0, resent: 1 });
    const [after] = await db
      .select()
      .from(smsDeliveries)
      .where(eq(smsDeliveries.id, row?.id as string));
    expect(after).toMatchObject({ status: 'queued', reclaimed: 1 });
  });
});
