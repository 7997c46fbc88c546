// Each place an event happens records it once for the station's subscribed endpoints, in the
// transaction of the change: translations finished or failed, a send's progress, completion and
// failed texts, subscribers joining and leaving, inbound texts.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { messageTranslations, smsDeliveries, webhookDeliveries } from '../../db/schema/index.js';
import { createEventBus } from '../../platform/event-bus.js';
import { SmsSendError, type TSmsProvider } from '../../providers/sms/types.js';
import { TranslationError } from '../../providers/translation/types.js';
import { TestClient } from '../../test/app.js';
import { importContactsCsv } from '../../test/contacts-import.js';
import { createContact, createStationWithAdmin } from '../../test/factories.js';
import { createInboundSmsApp } from '../../test/inbound-sms.js';
import { createMessage } from '../../test/messages-factory.js';
import { prefixEngine } from '../../test/prefix-engine.js';
import { DEFAULT_DISPATCH, dispatchLane } from '../delivery/dispatcher.js';
import { applyStatusCallback } from '../delivery/status.js';
import { insertTranslation } from '../messages/repo.js';
import { addAttestedContact, optOutContact } from '../sms-contacts/service.js';
import { runTranslationJob } from '../translation/worker.js';

const NOON = new Date('2026-11-24T17:00:00Z');
const NOT_MOBILE = '+12065550199';

async function eventsOf(db: Db, stationId: string, type: string) {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.stationId, stationId), eq(webhookDeliveries.eventType, type)));
  return rows.map(
    (r) => r.payload as { id: string; type: string; station_id: string; data: Record<string, unknown> },
  );
}

describe('webhook emission points', async () => {
  const sms: TSmsProvider = {
    name: 'twilio',
    async send(message) {
      if (message.to === NOT_MOBILE)
        throw new SmsSendError('permanent', 'Twilio 21614: not a mobile number', 21614);
      return { providerMessageId: `SM${Math.random().toString(16).slice(2)}` };
    },
  };
  const test = await createInboundSmsApp({ now: () => NOON, sms });
  const { app, db } = test;
  const {
    station,
    admin: adminUser,
    adminEmail,
  } = await createStationWithAdmin(db, {
    slug: 'emitfm',
    languages: ['en', 'es'],
  });
  const quiet = await createStationWithAdmin(db, { slug: 'quietfm' });
  const admin = new TestClient(app);
  await admin.login(adminEmail);
  const created = await admin.post('/admin/api/webhooks', {
    url: 'http://127.0.0.1:9/never-called',
    events: [
      'translation.completed',
      'translation.failed',
      'send.progress',
      'send.completed',
      'delivery.failed',
      'subscriber.joined',
      'subscriber.opted_out',
      'inbound.received',
    ],
  });
  expect(created.statusCode).toBe(201);

  it('translation.completed and translation.failed, once per finished translation', async () => {
    const message = await createMessage(db, station.id, { original: 'Roads are closed.' });
    for (const languageCode of ['es', 'fr']) {
      await insertTranslation(db, {
        messageId: message.id,
        stationId: station.id,
        languageCode,
        status: 'pending',
      });
    }
    const rows = await db
      .select()
      .from(messageTranslations)
      .where(eq(messageTranslations.messageId, message.id));
    const job = (language: string) => ({
      stationId: station.id,
      messageId: message.id,
      language,
      revision: rows.find((r) => r.languageCode === language)?.revision ?? 0,
    });
    const deps = {
      db,
      events: { publish: async () => {} } as never,
      now: () => NOON,
      provider: prefixEngine,
    };
    await runTranslationJob(deps, job('es'), { retryCount: 0, retryLimit: 0 });
    const failing = {
      ...deps,
      provider: {
        ...prefixEngine,
        translate: async () => {
          throw new TranslationError('unsupported', 'No engine translates English to French');
        },
      },
    };
    await runTranslationJob(failing, job('fr'), { retryCount: 0, retryLimit: 0 });
    // A second run of a finished job changes nothing and records nothing.
    await runTranslationJob(deps, job('es'), { retryCount: 0, retryLimit: 0 });
    const completed = (await eventsOf(db, station.id, 'translation.completed')).filter(
      (e) => e.data.message_id === message.id,
    );
    expect(completed.map((e) => e.data)).toEqual([
      { message_id: message.id, language: 'es', status: 'completed', error: null },
    ]);
    const failed = (await eventsOf(db, station.id, 'translation.failed')).filter(
      (e) => e.data.message_id === message.id,
    );
    expect(failed).toHaveLength(1);
    expect(failed[0]?.data).toMatchObject({ language: 'fr', status: 'failed' });
    expect(String(failed[0]?.data.error)).toContain('French');
  });

  it('send.progress by 10 % steps, send.completed once with counts, delivery.failed per failed text', async () => {
    const phones = Array.from({ length: 9 }, (_, i) => `+1212555${String(3000 + i)}`);
    const contacts = [];
    for (const phone of [...phones, NOT_MOBILE])
      contacts.push(await createContact(db, station.id, { phone }));
    const message = await createMessage(db, station.id, { original: 'Shelter in place.', type: 'emergency' });
    const sent = await admin.post(`/admin/api/messages/${message.id}/send-sms`);
    expect(sent.statusCode, sent.body).toBe(200);
    // One text per call to the provider's batch: progress moves step by step.
    await dispatchLane({
      db,
      sms,
      now: () => NOON,
      config: { ...DEFAULT_DISPATCH, ratePerSecond: 0, concurrency: 1, batchSize: 3 },
    });
    const completed = await eventsOf(db, station.id, 'send.completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]?.data).toMatchObject({
      message_id: message.id,
      total: 10,
      sent: 9,
      delivered: 0,
      failed: 1,
      credits: 10,
    });
    const progress = (await eventsOf(db, station.id, 'send.progress')).map((e) => e.data.percent as number);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.length).toBeLessThan(10);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(new Set(progress).size).toBe(progress.length);
    expect(Math.max(...progress)).toBeLessThan(100);
    const failures = await eventsOf(db, station.id, 'delivery.failed');
    const notMobile = contacts.at(-1);
    expect(failures.map((f) => f.data)).toEqual([
      expect.objectContaining({
        send_id: completed[0]?.data.send_id,
        message_id: message.id,
        contact_id: notMobile?.id,
        status: 'failed',
        error_code: '21614',
      }),
    ]);
    expect(JSON.stringify(failures)).not.toContain(NOT_MOBILE);

    // The carrier reports one sent text undelivered: one more delivery.failed, and a repeat of the
    // callback records nothing.
    const [handed] = await db
      .select()
      .from(smsDeliveries)
      .where(
        and(eq(smsDeliveries.sendId, String(completed[0]?.data.send_id)), eq(smsDeliveries.status, 'sent')),
      );
    const callback = {
      providerMessageId: handed?.providerMessageId ?? '',
      status: 'undelivered',
      errorCode: '30006',
    };
    await applyStatusCallback({ db, now: NOON }, callback);
    await applyStatusCallback({ db, now: NOON }, callback);
    const after = await eventsOf(db, station.id, 'delivery.failed');
    expect(after).toHaveLength(2);
    expect(after.find((f) => f.data.status === 'undelivered')?.data).toMatchObject({
      contact_id: handed?.contactId,
      error_code: '30006',
      reason: 'landline',
    });
  });

  it('subscriber.joined when staff add a contact, subscriber.opted_out on STOP, inbound.received for other texts', async () => {
    const phone = '+13125550177';
    const added = await admin.post('/admin/api/sms-contacts', {
      name: 'Ana',
      phone,
      message_preferences: { emergency: { subscribed: true, language: 'es' } },
      consent_attested: true,
    });
    expect(added.statusCode, added.body).toBe(201);
    const joined = (await eventsOf(db, station.id, 'subscriber.joined')).filter(
      (e) => e.data.phone === phone,
    );
    expect(joined.map((e) => e.data)).toEqual([{ contact_id: added.json().id, phone, source: 'staff' }]);

    const texter = await createContact(db, station.id, { phone: '+13125550178' });
    await test.text('+13125550178', 'Is the school open tomorrow?');
    const inbound = await eventsOf(db, station.id, 'inbound.received');
    expect(inbound).toHaveLength(1);
    expect(inbound[0]?.data).toMatchObject({
      contact_id: texter.id,
      phone: '+13125550178',
      body: 'Is the school open tomorrow?',
    });

    await test.text('+13125550178', 'STOP');
    const out = await eventsOf(db, station.id, 'subscriber.opted_out');
    expect(out.map((e) => e.data)).toEqual([
      { contact_id: texter.id, phone: '+13125550178', source: 'keyword' },
    ]);
    // The keyword is not an inbound text for the inbox.
    expect(await eventsOf(db, station.id, 'inbound.received')).toHaveLength(1);
  });

  it('subscriber.joined for each imported contact, subscriber.opted_out from the unsubscribe page', async () => {
    const csv = [
      'name,phone,language,types',
      'Kim,(415) 555-2301,en,emergency',
      'Lee,415-555-2302,es,emergency',
    ].join('\r\n');
    const imported = await importContactsCsv(admin, csv, false);
    expect(imported.statusCode, imported.body).toBe(200);
    const joined = (await eventsOf(db, station.id, 'subscriber.joined')).filter(
      (e) => e.data.source === 'import',
    );
    expect(joined.map((e) => e.data.phone).sort()).toEqual(['+14155552301', '+14155552302']);
    expect(new Set(joined.map((e) => e.id)).size).toBe(2);

    // A visitor of the unsubscribe page (the page hands out the CSRF cookie).
    const visitor = new TestClient(app);
    await visitor.get('/auth/session');
    const left = await visitor.post(`/subscribe/${station.slug}/unsubscribe`, { phone: '(415) 555-2301' });
    expect(left.statusCode, left.body).toBe(200);
    const out = (await eventsOf(db, station.id, 'subscriber.opted_out')).filter(
      (e) => e.data.phone === '+14155552301',
    );
    expect(out.map((e) => e.data.source)).toEqual(['unsubscribe_page']);
  });

  it('subscriber.joined and subscriber.opted_out for contacts the public API adds and opts out', async () => {
    const ctx = {
      db,
      now: NOON,
      stationId: station.id,
      userId: adminUser.id,
      ip: '203.0.113.7',
      userAgent: 'crm',
      events: await createEventBus({}),
    };
    const added = await addAttestedContact(ctx, {
      name: 'Api Person',
      phone: '+14155552401',
      message_preferences: { emergency: { subscribed: true, language: 'en' } },
      consent_text: 'I agree to receive alerts.',
    });
    await optOutContact(ctx, added.id);
    const joined = (await eventsOf(db, station.id, 'subscriber.joined')).filter(
      (e) => e.data.source === 'api',
    );
    const out = (await eventsOf(db, station.id, 'subscriber.opted_out')).filter(
      (e) => e.data.source === 'api',
    );
    expect(joined.map((e) => e.data)).toEqual([
      { contact_id: added.id, phone: '+14155552401', source: 'api' },
    ]);
    expect(out.map((e) => e.data)).toEqual([{ contact_id: added.id, phone: '+14155552401', source: 'api' }]);
  });

  it('records nothing for a station with no endpoint', async () => {
    await createContact(db, quiet.station.id, { phone: '+13125550190' });
    await test.text('+13125550190', 'hello');
    expect(
      await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.stationId, quiet.station.id)),
    ).toEqual([]);
  });
});
