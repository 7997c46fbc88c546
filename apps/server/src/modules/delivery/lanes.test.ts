// A station with its own number sends from it at its own 10DLC pace, beside the service's lane;
// the operator sets it, and queued texts follow the change.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { smsDeliveries } from '../../db/schema/index.js';
import { createTwilioSmsProvider } from '../../providers/sms/twilio.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { addSubscribers } from '../../test/crowd.js';
import { createStationWithAdmin, setBilling } from '../../test/factories.js';
import { startFakeTwilio } from '../../test/fake-twilio.js';
import { createMessage } from '../../test/messages-factory.js';
import { DEFAULT_DISPATCH } from './dispatcher.js';
import { resolveLane } from './lanes.js';
import { createDispatchService } from './worker.js';

const OWN_SERVICE = 'MG0123456789abcdef0123456789abcdef';
const SERVICE_NUMBER = '+15005550006';

describe('sending lanes per station', async () => {
  const fake = await startFakeTwilio();
  afterAll(() => fake.close());
  const sms = createTwilioSmsProvider({
    accountSid: 'AC00000000000000000000000000000003',
    authToken: 'lanes',
    fromNumber: SERVICE_NUMBER,
    statusCallbackUrl: 'http://127.0.0.1/webhooks/sms/status',
    apiBaseUrl: fake.url,
  });
  const { app, db } = await createTestApp({ sms, dispatchInBackground: false });
  const superadmin = new TestClient(app, '10.0.0.1');
  await superadmin.login('superadmin@demo.test');
  const own = await createStationWithAdmin(db, { slug: 'kown' });
  const shared = await createStationWithAdmin(db, { slug: 'kshared' });
  for (const [i, s] of [own, shared].entries()) {
    await setBilling(db, s.station.id, { smsCreditsBalance: 1000 });
    await addSubscribers(db, s.station.id, { count: 20, first: i * 100 });
  }
  const url = (id: string) => `/admin/api/superadmin/stations/${id}/sms-sending`;

  it('only a superadmin sets it; bad input and unknown stations are refused', async () => {
    const admin = new TestClient(app, '10.0.0.2');
    await admin.login(own.adminEmail);
    expect((await admin.get(url(own.station.id))).statusCode).toBe(403);
    expect(
      (
        await admin.request({
          method: 'PUT',
          url: url(own.station.id),
          body: { sms_sender: null, sms_rate_per_second: null },
        })
      ).statusCode,
    ).toBe(403);
    // Each refusal has its own code since forms check with the schema (decision 0071), formerly
    // invalid_value.
    const refused = async (body: object) => {
      const res = await superadmin.request({ method: 'PUT', url: url(own.station.id), body });
      expect(res.statusCode).toBe(400);
      return res.json();
    };
    expect(await refused({ sms_sender: '+33612345678', sms_rate_per_second: 5 })).toMatchObject({
      code: 'sms_sender_invalid',
      error:
        'Enter a US number in E.164 form (+1 and 10 digits) or a Messaging Service SID (MG and 32 hex digits)',
    });
    expect(await refused({ sms_sender: OWN_SERVICE, sms_rate_per_second: 0 })).toMatchObject({
      code: 'sms_rate_too_low',
      error: 'The rate is at least 0.1 messages per second',
    });
    expect(await refused({ sms_sender: OWN_SERVICE, sms_rate_per_second: 1001 })).toMatchObject({
      code: 'sms_rate_too_high',
      error: 'The rate is at most 1,000 messages per second',
    });
    const missing = url('00000000-0000-4000-8000-000000000000');
    expect((await superadmin.get(missing)).statusCode).toBe(404);
    expect((await superadmin.get(url(own.station.id))).json()).toMatchObject({
      sms_sender: null,
      lane: 'default',
      effective_rate_per_second: 20,
    });
  });

  it('moves texts still queued to the new lane; sends each lane from its sender at its pace', async () => {
    const ownMessage = await createMessage(db, own.station.id, { original: 'Own lane.', type: 'emergency' });
    const sharedMessage = await createMessage(db, shared.station.id, {
      original: 'Shared lane.',
      type: 'emergency',
    });
    for (const [s, m] of [
      [own, ownMessage],
      [shared, sharedMessage],
    ] as const) {
      const client = new TestClient(app, `10.0.1.${s === own ? 1 : 2}`);
      await client.login(s.adminEmail);
      expect((await client.post(`/admin/api/messages/${m.id}/send-sms`)).statusCode).toBe(200);
    }
    const set = await superadmin.request({
      method: 'PUT',
      url: url(own.station.id),
      body: { sms_sender: OWN_SERVICE, sms_rate_per_second: 10 },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      lane: `station:${own.station.id}`,
      effective_rate_per_second: 10,
      moved_queued: 20,
    });
    const lanes = await db
      .selectDistinct({ lane: smsDeliveries.lane, station: smsDeliveries.stationId })
      .from(smsDeliveries);
    expect(lanes).toEqual(
      expect.arrayContaining([
        { lane: `station:${own.station.id}`, station: own.station.id },
        { lane: 'default', station: shared.station.id },
      ]),
    );

    // Both lanes at once: the station's own at 10/s from its Messaging Service, the service's at 20/s.
    // When the dispatcher hands each text to the Twilio client: its pace, before loopback HTTP and
    // the fake's event loop (which a busy machine delays unevenly) add their own timing.
    const handed: { body: string; at: number }[] = [];
    const service = createDispatchService({
      db,
      sms: {
        ...sms,
        send: (message) => {
          handed.push({ body: message.body, at: performance.now() });
          return sms.send(message);
        },
      },
      now: () => new Date(),
      config: { ...DEFAULT_DISPATCH, ratePerSecond: 20, leaseMs: 5000 },
      resolve: (lane) => resolveLane(db, lane, 20),
    });
    service.kick();
    // Every text handed to Twilio (the runs start once the lanes are listed), then the runs end.
    await vi.waitFor(
      async () => {
        const open = (await db.select().from(smsDeliveries)).filter((d) => d.status !== 'sent');
        expect(open).toEqual([]);
      },
      { timeout: 20_000, interval: 50 },
    );
    await service.idle();
    const ownTexts = fake.requests.filter((r) => r.form.Body?.startsWith('KOWN Radio:'));
    const sharedTexts = fake.requests.filter((r) => r.form.Body?.startsWith('KSHARED Radio:'));
    expect(ownTexts).toHaveLength(20);
    expect(sharedTexts).toHaveLength(20);
    expect(ownTexts.every((r) => r.form.MessagingServiceSid === OWN_SERVICE && !r.form.From)).toBe(true);
    expect(sharedTexts.every((r) => r.form.From === SERVICE_NUMBER)).toBe(true);
    const span = (prefix: string) => {
      const times = handed.filter((h) => h.body.startsWith(prefix)).map((h) => h.at);
      return ((times.at(-1) as number) - (times[0] as number)) / 1000;
    };
    // 19 gaps at 10/s (1.9 s) and at 20/s (0.95 s), each lane at its own pace while the other sends.
    // Starts are paced from the scheduled time, so a late timer can shorten a span only by its own
    // lateness: the checks are lower bounds halfway to the next pace, and the ratio of the two lanes
    // (2 when each keeps its pace, 1 when both keep one): either lane at the wrong pace, or unpaced
    // (20 at once, well under 0.1 s), still fails.
    const ownSpan = span('KOWN Radio:');
    const sharedSpan = span('KSHARED Radio:');
    expect(ownSpan).toBeGreaterThan(1.45);
    expect(sharedSpan).toBeGreaterThan(0.6);
    expect(ownSpan / sharedSpan).toBeGreaterThan(1.4);

    // Cleared: back to the service's number and pace.
    const cleared = await superadmin.request({
      method: 'PUT',
      url: url(own.station.id),
      body: { sms_sender: null, sms_rate_per_second: null },
    });
    expect(cleared.json()).toMatchObject({ lane: 'default', sms_sender: null, moved_queued: 0 });
  });
});
