// What an integration does through /api/v1: write a message with targets and follow its
// translations (poll and stream), send it by SMS once per Idempotency-Key under the web's rules,
// read progress and the per-recipient report, and manage contacts on attested consent.
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consentEvents, creditLedger, smsContacts, smsSends } from '../../db/schema/index.js';
import type { TSmsProvider } from '../../providers/sms/types.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { billingOf, createContact, createStationWithAdmin, setBilling } from '../../test/factories.js';
import { createMessage } from '../../test/messages-factory.js';
import { apiClient, createStationKey, parseEventStream } from '../../test/station-keys.js';
import { DEFAULT_DISPATCH, dispatchLane } from '../delivery/dispatcher.js';

const DAYTIME = new Date('2026-11-23T18:00:00Z');
const CALLER_IP = '203.0.113.7';

describe('/api/v1 tasks', async () => {
  const sent: string[] = [];
  const sms: TSmsProvider = {
    name: 'outbox',
    async send({ to }) {
      sent.push(to);
      return { providerMessageId: `api-${sent.length}` };
    },
  };
  const { app, db } = await createTestApp({ now: () => DAYTIME, dispatchInBackground: false, sms });
  const { station, adminEmail } = await createStationWithAdmin(db, {
    slug: 'apitasks',
    languages: ['en', 'es'],
  });
  const admin = new TestClient(app);
  await admin.login(adminEmail);
  const { key } = await createStationKey(
    admin,
    ['messages:read', 'messages:write', 'sms:send', 'reports:read', 'contacts:read', 'contacts:write'],
    { name: 'School information system' },
  );
  const api = apiClient(app, key, CALLER_IP);
  /** Opens a stream on a listening server: once this answers, the stream is subscribed. */
  let base = '';
  const openStream = async (messageId: string) => {
    if (!base) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    }
    const response = await fetch(`${base}/api/v1/messages/${messageId}/events`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    return response;
  };
  const messageBody = {
    title: 'Boil water notice',
    original: 'Boil tap water before drinking until Friday.',
    original_language: 'en',
    target_languages: ['es'],
    message_type: 'alert',
  };

  describe('messages', () => {
    it('creates a message with target languages, the same body and answer as the web app', async () => {
      const created = await api.post('/api/v1/messages', messageBody);
      expect(created.statusCode).toBe(201);
      const message = created.json();
      expect(message).toMatchObject({
        title: 'Boil water notice',
        original_language: 'en',
        message_type: 'alert',
        target_languages: ['es'],
        translations: [{ language_code: 'es', translation_status: 'pending' }],
      });
      // The same message in the web app's list, and in the API's.
      const web = (await admin.get('/admin/api/messages')).json();
      expect(web.map((m: { id: string }) => m.id)).toContain(message.id);
      const listed = (await api.get('/api/v1/messages?limit=5')).json();
      expect(listed[0]).toMatchObject({ id: message.id, last_send: null });
      expect((await api.get(`/api/v1/messages/${message.id}`)).json()).toMatchObject({ id: message.id });

      const polled = await api.get(`/api/v1/messages/${message.id}/translations`);
      expect(polled.json()).toMatchObject({
        message_id: message.id,
        final: false,
        translations: [{ language_code: 'es', translation_status: 'pending' }],
      });
    });

    it('refuses a bad body with the web app’s words and writes nothing', async () => {
      const before = (await api.get('/api/v1/messages')).json().length;
      const refused = await api.post('/api/v1/messages', { ...messageBody, target_languages: ['en'] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe('The original language cannot be a target language.');
      expect((await api.get('/api/v1/messages')).json()).toHaveLength(before);
    });

    it('streams the translations until all are final, then ends', async () => {
      const message = (await api.post('/api/v1/messages', messageBody)).json();
      const stream = await openStream(message.id);
      // Staff correct the translation by hand: the last pending one becomes final.
      const edited = await admin.request({
        method: 'PUT',
        url: `/admin/api/messages/${message.id}/translations/es`,
        body: { translated_text: 'Hierva el agua del grifo antes de beberla hasta el viernes.' },
      });
      expect(edited.statusCode).toBe(200);
      const events = parseEventStream(await stream.text());
      expect(events.map((e) => e.event)).toEqual(['translations', 'translation', 'done']);
      expect(events[0]).toMatchObject({
        data: { message_id: message.id, final: false, translations: [{ translation_status: 'pending' }] },
      });
      expect(events[1]).toMatchObject({ data: { language_code: 'es', translation_status: 'completed' } });
      expect(events.at(-1)).toMatchObject({
        event: 'done',
        data: {
          message_id: message.id,
          final: true,
          translations: [
            {
              language_code: 'es',
              translation_status: 'completed',
              translated_text: 'Hierva el agua del grifo antes de beberla hasta el viernes.',
            },
          ],
        },
      });
      const polled = (await api.get(`/api/v1/messages/${message.id}/translations`)).json();
      expect(polled.final).toBe(true);
    });

    it('answers 204 for a message already translated, and says when one is deleted', async () => {
      // Nothing left to stream: 204 No Content, which stops an EventSource (event-stream-end.test.ts).
      const done = await createMessage(db, station.id, { original: 'Done.', translations: { es: 'Hecho.' } });
      const finished = await api.get(`/api/v1/messages/${done.id}/events`);
      expect(finished.statusCode).toBe(204);
      expect(finished.body).toBe('');

      const message = (await api.post('/api/v1/messages', messageBody)).json();
      const stream = await openStream(message.id);
      expect(
        (await admin.request({ method: 'DELETE', url: `/admin/api/messages/${message.id}` })).statusCode,
      ).toBe(200);
      const ended = parseEventStream(await stream.text());
      expect(ended.at(-1)).toEqual({ event: 'deleted', data: { message_id: message.id } });
    });
  });

  describe('sending', () => {
    it('sends once per Idempotency-Key: the same answer, one send, credits charged once', async () => {
      for (const phone of ['+12125550111', '+12125550112', '+12125550113']) {
        await createContact(db, station.id, {
          phone,
          choices: [{ messageType: 'emergency', language: 'en' }],
        });
      }
      const message = await createMessage(db, station.id, {
        original: 'Shelter in place now.',
        type: 'emergency',
      });
      const before = (await billingOf(db, station.id))?.smsCreditsBalance ?? 0;
      const url = `/api/v1/messages/${message.id}/send-sms`;
      const preview = (await api.get(`${url}/preview`)).json();
      expect(preview).toMatchObject({ recipients: 3, credits: 3, emergency: true });

      const key = { 'idempotency-key': 'sis-alert-42' };
      const [a, b] = await Promise.all([api.post(url, {}, key), api.post(url, {}, key)]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(b.json().send_id).toBe(a.json().send_id);
      const again = await api.post(url, {}, key);
      expect(again.json()).toMatchObject({ send_id: a.json().send_id, sent_count: 3, credits: 3 });
      const sends = await db.select().from(smsSends).where(eq(smsSends.messageId, message.id));
      expect(sends).toHaveLength(1);
      expect(await db.select().from(creditLedger).where(eq(creditLedger.reference, message.id))).toHaveLength(
        1,
      );
      const after = (await billingOf(db, station.id))?.smsCreditsBalance ?? 0;
      expect(after).toBe(before - 3);

      // Without a key: refused before anything happens. Another message with the same key: 409.
      const noKey = await api.post(url, {});
      expect(noKey.statusCode).toBe(400);
      expect(noKey.json().error).toContain('Idempotency-Key');
      const other = await createMessage(db, station.id, { original: 'Other', type: 'emergency' });
      const reused = await api.post(`/api/v1/messages/${other.id}/send-sms`, {}, key);
      expect(reused.statusCode).toBe(422);
      expect(reused.json().code).toBe('idempotency_key_reused');
      // The web app's rule: a second send of the same message needs send_again.
      const repeat = await api.post(url, {}, { 'idempotency-key': 'sis-alert-43' });
      expect(repeat.statusCode).toBe(409);
      expect(repeat.json().code).toBe('send_in_progress');

      // Progress, then the per-recipient report a page at a time.
      const queued = (await api.get(`/api/v1/messages/${message.id}/deliveries`)).json();
      expect(queued).toMatchObject({ total: 3, delivered: 0 });
      await dispatchLane({ db, sms, now: () => DAYTIME, config: { ...DEFAULT_DISPATCH, ratePerSecond: 0 } });
      expect(sent).toHaveLength(3);
      const progress = (await api.get(`/api/v1/messages/${message.id}/deliveries`)).json();
      expect(progress).toMatchObject({ total: 3, sent: 3, queued: 0 });
      const page = (await api.get(`/api/v1/messages/${message.id}/recipients?limit=2`)).json();
      expect(page.total).toBe(3);
      expect(page.recipients).toHaveLength(2);
      expect(page.recipients[0]).toMatchObject({ language: 'en', stage: 'sent' });
      const rest = (await api.get(`/api/v1/messages/${message.id}/recipients?limit=2&offset=2`)).json();
      expect(rest.recipients).toHaveLength(1);
      expect(JSON.stringify([page, rest])).not.toContain('+12125550111');
    });

    it('obeys the station’s refusals: too few credits send nothing', async () => {
      await setBilling(db, station.id, { smsCreditsBalance: 1 });
      const message = await createMessage(db, station.id, { original: 'Too many.', type: 'emergency' });
      const refused = await api.post(
        `/api/v1/messages/${message.id}/send-sms`,
        {},
        { 'idempotency-key': 'poor' },
      );
      expect(refused.statusCode).toBe(402);
      expect(refused.json().code).toBe('not_enough_credits');
      expect(await db.select().from(smsSends).where(eq(smsSends.messageId, message.id))).toHaveLength(0);
      await setBilling(db, station.id, { smsCreditsBalance: 100 });
    });
  });

  it('records what the key did in the audit trail: its creator acting, the key named', async () => {
    const created = (await api.post('/api/v1/messages', { ...messageBody, title: 'Audited' })).json();
    const entries = (await admin.get('/admin/api/audit?action=message.created')).json().entries;
    const entry = entries.find((e: { target_id: string }) => e.target_id === created.id);
    expect(entry).toMatchObject({
      action: 'message.created',
      actor: { email: adminEmail },
      ip: CALLER_IP,
      details: { label: 'Audited', api_key: 'School information system', key_prefix: key.slice(0, 13) },
    });
  });

  describe('contacts', () => {
    const consentText = 'I agree to receive emergency texts from APITASKS Radio. Reply STOP to end.';
    const contactBody = {
      name: 'Dana Parent',
      phone: '(212) 555-0177',
      message_preferences: { emergency: { subscribed: true, language: 'es' } },
      consent_attested: true,
      consent_text: consentText,
    };

    it('adds a contact on attested consent and records the consent with source api, time, IP and text', async () => {
      const created = await api.post('/api/v1/contacts', contactBody);
      expect(created.statusCode).toBe(201);
      const contact = created.json();
      expect(contact).toMatchObject({
        name: 'Dana Parent',
        phone: '+12125550177',
        language: 'es',
        status: 'active',
        is_verified: true,
        message_preferences: { emergency: { subscribed: true, language: 'es' } },
      });
      const events = await db.select().from(consentEvents).where(eq(consentEvents.contactId, contact.id));
      expect(events).toEqual([
        expect.objectContaining({
          event: 'opt_in',
          source: 'api',
          detail: consentText,
          ip: CALLER_IP,
          phone: '+12125550177',
          createdAt: DAYTIME,
        }),
      ]);
      const [row] = await db.select().from(smsContacts).where(eq(smsContacts.id, contact.id));
      expect(row?.source).toBe('api');
      expect((await api.get(`/api/v1/contacts/${contact.id}`)).json()).toEqual(contact);
      const list = await api.get('/api/v1/contacts?search=Dana');
      expect(list.headers['x-total-count']).toBe('1');
      expect(list.json()).toEqual([contact]);
    });

    it('refuses a contact without attestation or consent text, or one already there, writing nothing', async () => {
      const phone = '+12125550178';
      const missing = [
        { ...contactBody, phone, consent_attested: false },
        { ...contactBody, phone, consent_text: '  ' },
        { ...contactBody, phone, consent_text: undefined },
      ];
      for (const body of missing) {
        const refused = await api.post('/api/v1/contacts', body);
        expect(refused.statusCode).toBe(400);
      }
      expect(await db.select().from(smsContacts).where(eq(smsContacts.phone, phone))).toHaveLength(0);
      const duplicate = await api.post('/api/v1/contacts', contactBody);
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().code).toBe('contact_exists');
    });

    it('changes preferences and opts a contact out, keeping the opt-out as a consent event', async () => {
      const contact = (await api.get('/api/v1/contacts?search=Dana')).json()[0];
      const changed = await api.put(`/api/v1/contacts/${contact.id}/preferences`, {
        message_preferences: {
          emergency: { subscribed: true, language: 'en' },
          alert: { subscribed: true, language: 'en' },
        },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({
        language: 'en',
        message_preferences: {
          emergency: { subscribed: true, language: 'en' },
          alert: { subscribed: true, language: 'en' },
        },
      });
      const optedOut = await api.post(`/api/v1/contacts/${contact.id}/opt-out`);
      expect(optedOut.statusCode).toBe(200);
      expect(optedOut.json().status).toBe('opted_out');
      // Twice: nothing more happens.
      expect((await api.post(`/api/v1/contacts/${contact.id}/opt-out`)).json().status).toBe('opted_out');
      const optOuts = await db
        .select()
        .from(consentEvents)
        .where(and(eq(consentEvents.contactId, contact.id), eq(consentEvents.event, 'opt_out')));
      expect(optOuts).toEqual([
        expect.objectContaining({ source: 'api', ip: CALLER_IP, createdAt: DAYTIME }),
      ]);
    });
  });
});
