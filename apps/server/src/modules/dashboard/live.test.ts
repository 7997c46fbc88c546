// The dashboard's live stream (GET /admin/api/dashboard/stream): every way a station's contact
// counts change tells its open dashboards (contacts_changed), with its message events; another
// station's stream hears none of it, and the counts the dashboard then reads have changed.
import { CONTACTS_CHANGED_EVENT } from '@message-station/shared';
import { describe, expect, it, vi } from 'vitest';
import { TestClient } from '../../test/app.js';
import { importContactsCsv } from '../../test/contacts-import.js';
import { EventStreamReader } from '../../test/event-stream.js';
import { createStationWithAdmin } from '../../test/factories.js';
import { createInboundSmsApp } from '../../test/inbound-sms.js';
import { apiClient, createStationKey } from '../../test/station-keys.js';

const NOON = new Date('2026-11-24T18:00:00Z');
const JOINER = '+14155550301';
const ADDED = '+14155550302';
const IMPORTED = '+14155550303';
const BY_API = '+14155550304';

/** A contact staff or an integration adds, on their word that the person agreed. */
const newContact = (name: string, phone: string) => ({
  name,
  phone,
  message_preferences: { emergency: { subscribed: true, language: 'en' } },
  consent_attested: true,
});

describe('the dashboard stream', async () => {
  const t = await createInboundSmsApp({ now: () => NOON });
  const mine = await createStationWithAdmin(t.db, { slug: 'klive', languages: ['en', 'es'] });
  const other = await createStationWithAdmin(t.db, { slug: 'kliveother' });
  const admin = new TestClient(t.app);
  await admin.login(mine.adminEmail);
  const otherAdmin = new TestClient(t.app, '10.0.0.2');
  await otherAdmin.login(other.adminEmail);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const stream = await EventStreamReader.open(baseUrl, '/admin/api/dashboard/stream', admin);
  const otherStream = await EventStreamReader.open(baseUrl, '/admin/api/dashboard/stream', otherAdmin);

  const heard = (type: string) => stream.events.filter((e) => e.event === type).length;
  /** Does `change` and waits for the one contacts_changed it tells (events keep their order). */
  async function toldOnce(change: () => Promise<unknown>) {
    const before = heard(CONTACTS_CHANGED_EVENT);
    await change();
    await vi.waitFor(() => expect(heard(CONTACTS_CHANGED_EVENT)).toBeGreaterThan(before));
    expect(heard(CONTACTS_CHANGED_EVENT)).toBe(before + 1);
  }
  const counts = async () => {
    const { stats } = (await admin.get('/admin/api/dashboard-stats')).json();
    return { all: stats.subscriberCount, active: stats.activeSubscribers };
  };
  const firstSubscriberDone = async () =>
    (await admin.get('/admin/api/dashboard/first-run'))
      .json()
      .steps.find((s: { key: string }) => s.key === 'first_subscriber').done;
  /** Someone on the public pages (with the page's CSRF cookie, as the browser has it). */
  const visitorFrom = async (ip: string) => {
    const visitor = new TestClient(t.app, ip);
    await visitor.get('/auth/session');
    return visitor;
  };
  const contactId = async (phone: string) =>
    (await admin.get(`/admin/api/sms-contacts?search=${encodeURIComponent(phone)}`)).json()[0].id;

  it('answers only a signed-in member', async () => {
    expect((await t.app.inject({ url: '/admin/api/dashboard/stream' })).statusCode).toBe(401);
    expect(stream.events[0]).toEqual({ event: 'connected', data: { station_id: mine.station.id } });
  });

  it('tells of a join when it starts and when the code verifies it: the first subscriber', async () => {
    const visitor = await visitorFrom('10.0.0.9');
    let reply: { contact_id: string; test_code: string } | undefined;
    await toldOnce(async () => {
      const started = await visitor.post('/subscribe/klive/register', {
        phone: JOINER,
        message_types: [{ message_type: 'emergency', language: 'en' }],
        consent_given: true,
      });
      expect(started.statusCode).toBe(200);
      reply = started.json();
    });
    expect(await counts()).toEqual({ all: 1, active: 0 });
    expect(await firstSubscriberDone()).toBe(false);
    await toldOnce(async () => {
      const verified = await visitor.post('/subscribe/klive/verify', {
        contact_id: reply?.contact_id,
        verification_code: reply?.test_code,
      });
      expect(verified.statusCode).toBe(200);
    });
    expect(await counts()).toEqual({ all: 1, active: 1 });
    expect(await firstSubscriberDone()).toBe(true);
  });

  it('tells of STOP and START by text, and of HELP nothing', async () => {
    await toldOnce(() => t.text(JOINER, 'STOP'));
    expect(await counts()).toEqual({ all: 1, active: 0 });
    await toldOnce(async () => {
      await t.text(JOINER, 'HELP');
      await t.text(JOINER, 'START');
    });
    expect(await counts()).toEqual({ all: 1, active: 1 });
  });

  it('tells of staff adding, pausing and resuming a contact', async () => {
    await toldOnce(async () => {
      const added = await admin.post('/admin/api/sms-contacts', newContact('Added By Staff', ADDED));
      expect(added.statusCode).toBe(201);
    });
    expect(await counts()).toEqual({ all: 2, active: 1 });
    const id = await contactId(JOINER);
    const status = (value: 'active' | 'paused') =>
      admin.request({ method: 'PUT', url: `/admin/api/sms-contacts/${id}/status`, body: { status: value } });
    await toldOnce(() => status('paused'));
    expect(await counts()).toEqual({ all: 2, active: 0 });
    await toldOnce(() => status('active'));
    expect(await counts()).toEqual({ all: 2, active: 1 });
  });

  it('tells of an import once, and of its preview never', async () => {
    const csv = `name,phone,language,types\nImported,${IMPORTED},en,emergency\n`;
    await toldOnce(async () => {
      expect((await importContactsCsv(admin, csv, true)).statusCode).toBe(200);
      expect((await importContactsCsv(admin, csv, false)).statusCode).toBe(200);
    });
    expect(await counts()).toEqual({ all: 3, active: 2 });
  });

  it('tells of contacts the public API adds and opts out', async () => {
    const { key } = await createStationKey(admin, ['contacts:write']);
    const api = apiClient(t.app, key);
    let id = '';
    await toldOnce(async () => {
      const created = await api.post('/api/v1/contacts', {
        ...newContact('By Api', BY_API),
        consent_text: 'I agree to receive alerts.',
      });
      expect(created.statusCode).toBe(201);
      id = created.json().id;
    });
    expect(await counts()).toEqual({ all: 4, active: 3 });
    await toldOnce(() => api.post(`/api/v1/contacts/${id}/opt-out`));
    expect(await counts()).toEqual({ all: 4, active: 2 });
  });

  it('tells of the unsubscribe page', async () => {
    const visitor = await visitorFrom('10.0.0.10');
    await toldOnce(() => visitor.post('/subscribe/klive/unsubscribe', { phone: IMPORTED }));
    expect(await counts()).toEqual({ all: 4, active: 1 });
  });

  it('carries a new message, and nothing of this station to another', async () => {
    const created = await admin.post('/admin/api/messages', {
      title: 'Road closure',
      original: 'Main Street is closed.',
      original_language: 'en',
      target_languages: ['es'],
      message_type: 'station',
    });
    expect(created.statusCode).toBe(201);
    const event = await stream.next((e) => e.event === 'message_created');
    expect(event.data).toMatchObject({ message_id: created.json().id });
    expect(otherStream.events.map((e) => e.event)).toEqual(['connected']);
    stream.close();
    otherStream.close();
  });
});
