// Weather alerts through the API against a loopback NWS serving recorded alerts, with a fake
// clock: the app's clock is `clock`, moved by each test to the recorded alerts' own times. Polls
// are made by "Check now" (the app's own poll step) or by pollWeather itself (two at once).
import type {
  TMessage,
  TWeatherAlert,
  TWeatherSettings,
  TWeatherSettingsRequest,
} from '@message-station/shared';
import { untranslatedNotice } from '@message-station/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  messages,
  messageTranslations,
  smsDeliveries,
  smsSends,
  stationPolicies,
  weatherAlerts,
} from '../../db/schema/index.js';
import { messageParts } from '../../message-parts.js';
import { createEventBus } from '../../platform/event-bus.js';
import { createOutboxEmailProvider } from '../../providers/email/outbox.js';
import { createNwsClient } from '../../providers/weather/nws.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createContact, createStationWithAdmin } from '../../test/factories.js';
import { nwsFixture, startFakeNws } from '../../test/fake-nws.js';
import { weatherSettings } from '../../test/weather.js';
import { createUser } from '../users/service.js';
import { pollWeather } from './poll.js';

const USER_AGENT = 'MessageStationTest/1.2.0 (http://localhost:3000, support@localhost)';
const TORNADO_WARNING = 'urn:oid:2.49.0.1.840.0.1ee7b56ae8604bf07e78a0ea34a4abf0da708c34.001.1';
const TORNADO_HEADLINE =
  'Tornado Warning issued April 19 at 11:23PM CDT until April 20 at 12:15AM CDT by NWS Norman OK';
/** Two minutes after NWS Norman sent the tornado warning (23:23 CDT). */
const AFTER_TORNADO_WARNING = new Date('2025-04-20T04:25:00Z');

const fake = await startFakeNws();
let clock = AFTER_TORNADO_WARNING;
const { app, db } = await createTestApp({
  now: () => clock,
  config: {
    // Loopback, but slow while other files load the machine: no test here waits for a hang.
    weather: { apiUrl: fake.url, userAgent: USER_AGENT, pollSeconds: 60, timeoutMs: 10_000 },
  },
});

/** A station with its admin signed in, following `zones` at every severity unless told. */
async function station(
  slug: string,
  options: {
    languages?: ('en' | 'es')[];
    settings?: Partial<TWeatherSettingsRequest>;
    zones?: string[];
  } = {},
) {
  const created = await createStationWithAdmin(db, { slug, languages: options.languages ?? ['en', 'es'] });
  const admin = new TestClient(app);
  await admin.login(created.adminEmail);
  const zones = (options.zones ?? ['OKC029']).map((id) => ({ id, name: id }));
  const saved = await admin.request({
    method: 'PUT',
    url: '/admin/api/weather/settings',
    body: { ...weatherSettings({ zones }), ...options.settings },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return {
    ...created,
    admin,
    check: () => admin.post('/admin/api/weather/check'),
    alerts: async (): Promise<TWeatherAlert[]> =>
      (await admin.get('/admin/api/weather/alerts')).json().alerts,
    messages: async (): Promise<TMessage[]> => (await admin.get('/admin/api/messages')).json(),
  };
}

async function textsOf(messageId: string) {
  return (
    await db
      .select({ body: smsDeliveries.body })
      .from(smsDeliveries)
      .innerJoin(smsSends, eq(smsSends.id, smsDeliveries.sendId))
      .where(eq(smsSends.messageId, messageId))
  ).map((d) => d.body);
}

async function translateJobs(messageId: string) {
  const result = await db.execute(
    sql`select data->>'language' as language from pgboss.job where name = 'translate' and data->>'messageId' = ${messageId}`,
  );
  return (result as unknown as { rows: { language: string }[] }).rows.map((r) => r.language);
}

describe('weather settings', () => {
  it('refuse what they cannot follow, with a clear error, and write nothing', async () => {
    const created = await createStationWithAdmin(db, { slug: 'kwxset' });
    const admin = new TestClient(app);
    await admin.login(created.adminEmail);
    const put = (body: object) =>
      admin.request({
        method: 'PUT',
        url: '/admin/api/weather/settings',
        body: { ...weatherSettings({ severities: ['Extreme'] }), ...body },
      });
    const badZone = await put({ zones: [{ id: 'Coal County', name: 'Coal' }] });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().error).toContain('zone id');
    const badSeverity = await put({ severities: ['Catastrophic'] });
    expect(badSeverity.statusCode).toBe(400);
    expect(badSeverity.json().error).toContain('Extreme, Severe, Moderate, Minor or Unknown');
    expect((await put({ zones: [] })).json()).toMatchObject({ code: 'weather_no_zones' });
    const autoSend = await put({ severities: ['Severe'], auto_send_severities: ['Extreme'] });
    expect(autoSend.statusCode).toBe(400);
    expect(autoSend.json()).toMatchObject({
      code: 'weather_auto_send_not_followed',
      params: { severity_list: 'Extreme' },
    });
    const unchanged: TWeatherSettings = (await admin.get('/admin/api/weather/settings')).json();
    expect(unchanged).toMatchObject({ enabled: false, zones: [], configured_by: null, poll_seconds: 60 });

    const saved = await put({ auto_send_severities: ['Extreme'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      enabled: true,
      zones: [{ id: 'OKC029', name: 'Coal' }],
      auto_send_severities: ['Extreme'],
      configured_by: { id: created.admin.id, name: 'kwxset Admin' },
    });
    const [trail] = await db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.stationId, created.station.id), eq(auditLog.action, 'weather.settings_updated')),
      );
    expect(trail).toMatchObject({ action: 'weather.settings_updated' });
  });

  it('are for admins only', async () => {
    const created = await createStationWithAdmin(db, { slug: 'kwxuser' });
    await createUser(db, {
      stationId: created.station.id,
      email: 'staff@kwxuser.test',
      password: 'demo1234',
      fullName: 'Staff',
      role: 'user',
    });
    const staff = new TestClient(app);
    await staff.login('staff@kwxuser.test');
    expect((await staff.get('/admin/api/weather/settings')).statusCode).toBe(403);
    expect((await staff.post('/admin/api/weather/check')).statusCode).toBe(403);
  });

  it("list a state's counties and forecast zones through the server, asking NWS once", async () => {
    const t = await station('kwxzones');
    const before = fake.requests.filter((r) => r.path === '/zones').length;
    const first = await t.admin.get('/admin/api/weather/zones?state=AL');
    expect(first.statusCode).toBe(200);
    const zones = first.json().zones as { id: string; name: string; type: string }[];
    expect(zones.filter((z) => z.type === 'county')).toHaveLength(67);
    expect(zones).toContainEqual({ id: 'ALC129', name: 'Washington', type: 'county' });
    expect(zones).toContainEqual({ id: 'ALZ261', name: 'Mobile Inland', type: 'forecast' });
    await t.admin.get('/admin/api/weather/zones?state=AL');
    expect(fake.requests.filter((r) => r.path === '/zones').length - before).toBe(2);
    expect((await t.admin.get('/admin/api/weather/zones?state=XX')).statusCode).toBe(400);
    const types = (await t.admin.get('/admin/api/weather/event-types')).json().event_types;
    expect(types).toContain('Tornado Warning');
  });
});

describe('the poll', () => {
  it('drafts a new tornado warning once, as an emergency in every station language, and honours 304', async () => {
    clock = AFTER_TORNADO_WARNING;
    fake.clear();
    const t = await station('kwxnew');
    fake.add('tornado-warning-ok');
    const checked = await t.check();
    expect(checked.json()).toEqual({ received: 1, drafted: 1, not_modified: false, error_code: null });

    const [alert] = await t.alerts();
    expect(alert).toMatchObject({
      nws_id: TORNADO_WARNING,
      event: 'Tornado Warning',
      severity: 'Extreme',
      kind: 'Alert',
      outcome: 'drafted',
      headline: TORNADO_HEADLINE,
      message: { title: TORNADO_HEADLINE, message_type: 'emergency' },
    });
    const [message] = await t.messages();
    expect(message).toMatchObject({
      id: alert?.message?.id,
      title: TORNADO_HEADLINE,
      original_language: 'en',
      message_type: 'emergency',
      target_languages: ['es'],
      // Written at once from NWS's fields and the phrasebook: nothing for an engine (decision 0050).
      translations: [{ language_code: 'es', translation_status: 'completed', source: 'phrasebook' }],
    });
    expect(message?.translations[0]?.translated_text).toMatch(
      /^Aviso de tornado\n\nCoal, OK; Hughes, OK\n\nVigente hasta: 1:15\sa\.\s?m\. EDT\.\n\n¡Protéjase ahora!/u,
    );
    // The headline, the areas, then what to do (no TOROUN line, no hazard paragraphs).
    expect(message?.original).toMatch(
      /^Tornado Warning issued April 19 .*\n\nCoal, OK; Hughes, OK\n\nTAKE COVER NOW!/,
    );
    expect(message?.original).not.toContain('The National Weather Service in Norman has issued');
    expect(message?.original).not.toContain('TOROUN');
    expect(message?.original).toContain(
      'TAKE COVER NOW! Move to a storm shelter, safe room or an interior room',
    );
    expect(await translateJobs(message?.id ?? '')).toEqual([]);

    // What NWS asked of clients was sent: the User-Agent, GeoJSON, the zone.
    const [asked] = fake.alertRequests().slice(-1);
    expect(asked?.headers['user-agent']).toBe(USER_AGENT);
    expect(asked?.headers.accept).toBe('application/geo+json');
    expect(asked?.query.get('zone')).toBe('OKC029');
    expect(asked?.headers['if-modified-since']).toBeUndefined();

    // The next poll sends NWS's Last-Modified back; NWS answers 304; nothing new is written.
    clock = new Date(AFTER_TORNADO_WARNING.getTime() + 60_000);
    expect((await t.check()).json()).toEqual({
      received: 0,
      drafted: 0,
      not_modified: true,
      error_code: null,
    });
    const [again] = fake.alertRequests().slice(-1);
    expect(again?.headers['if-modified-since']).toBe(fake.lastModified());
    expect(again?.status).toBe(304);
    // Changed documents (another alert elsewhere) but the same warning: still one draft.
    fake.add('special-weather-statement-wa');
    expect((await t.check()).json()).toMatchObject({ received: 0, drafted: 0, not_modified: false });
    expect(await t.alerts()).toHaveLength(1);
    expect(await t.messages()).toHaveLength(1);
  });

  it('links an update and a cancellation to the original alert and its draft', async () => {
    fake.clear();
    clock = new Date('2025-11-25T18:30:00Z');
    const t = await station('kwxchain', { zones: ['ALC129'] });
    fake.add('tornado-watch-al');
    expect((await t.check()).json()).toMatchObject({ drafted: 1 });
    const [watch] = await t.alerts();
    // A watch, however Extreme, is an alert; warnings are emergencies.
    expect(watch?.message?.message_type).toBe('alert');

    clock = new Date('2025-11-25T22:25:00Z');
    fake.add('tornado-watch-al-update');
    expect((await t.check()).json()).toMatchObject({ drafted: 1 });
    const [update] = await t.alerts();
    expect(update).toMatchObject({
      kind: 'Update',
      outcome: 'drafted',
      original: { id: watch?.id, message_id: watch?.message?.id },
      message: { message_type: 'alert' },
    });
    expect(update?.message?.title).toBe(
      'UPDATE: Tornado Watch issued November 25 at 4:20PM CST until November 25 at 6:00PM CST by NWS Mobile AL',
    );

    clock = new Date('2025-11-25T22:55:00Z');
    fake.add('tornado-watch-al-cancel');
    expect((await t.check()).json()).toMatchObject({ drafted: 1 });
    const [cancel] = await t.alerts();
    // It refers to the watch and its update: it is linked to the latest, the update.
    expect(cancel).toMatchObject({ kind: 'Cancel', severity: 'Minor', original: { id: update?.id } });
    const cancelled = (await t.messages()).find((m) => m.id === cancel?.message?.id);
    expect(cancelled?.title).toBe(
      'CANCELLED: Tornado Watch issued November 25 at 4:20PM CST until November 25 at 6:00PM CST by NWS Mobile AL',
    );
    expect(cancelled?.original).toContain('The Tornado Watch has been cancelled and is no longer in effect.');
    expect(cancelled).toMatchObject({ message_type: 'alert', target_languages: ['es'] });
    expect(await t.messages()).toHaveLength(3);
  });

  it('follows only the chosen event types and severities, and skips alerts that ended', async () => {
    fake.clear();
    clock = AFTER_TORNADO_WARNING;
    const t = await station('kwxfilter', {
      zones: ['OKC029', 'WAZ034'],
      settings: { event_types: ['Tornado Warning', 'Special Weather Statement'], severities: ['Extreme'] },
    });
    fake.add('severe-thunderstorm-warning-ok');
    fake.add('tornado-warning-ok');
    fake.add('special-weather-statement-wa');
    expect((await t.check()).json()).toMatchObject({ received: 2, drafted: 1 });
    const byEvent = Object.fromEntries((await t.alerts()).map((a) => [a.event, a]));
    expect(byEvent['Tornado Warning']?.outcome).toBe('drafted');
    expect(byEvent['Severe Thunderstorm Warning']?.outcome).toBe('ignored_event');
    // The statement was issued in December 2024: long over at this clock, so not even recorded.
    expect(byEvent['Special Weather Statement']).toBeUndefined();

    clock = new Date('2024-12-09T18:00:00Z');
    const other = await station('kwxsev', {
      zones: ['WAZ034'],
      settings: { severities: ['Extreme', 'Severe'] },
    });
    expect((await other.check()).json()).toMatchObject({ received: 1, drafted: 0 });
    expect((await other.alerts())[0]).toMatchObject({
      event: 'Special Weather Statement',
      outcome: 'ignored_severity',
      message: null,
    });
    // A cancellation of nothing this station drafted is only recorded.
    clock = new Date('2025-11-25T22:55:00Z');
    const cancels = await station('kwxcancel', { zones: ['ALC129'] });
    fake.add('tornado-watch-al-cancel');
    await cancels.check();
    expect((await cancels.alerts())[0]).toMatchObject({
      kind: 'Cancel',
      outcome: 'ignored_cancel',
      message: null,
    });
    expect(await cancels.messages()).toHaveLength(0);
  });

  it('sends Extreme alerts by SMS at once, or puts them up for approval where the station requires it', async () => {
    fake.clear();
    clock = AFTER_TORNADO_WARNING;
    fake.add('tornado-warning-ok');
    const auto = { settings: { auto_send_severities: ['Extreme' as const] } };

    // English only: nothing to translate, the text goes at this very poll.
    const english = await station('kwxauto', { languages: ['en'], ...auto });
    await createContact(db, english.station.id, { phone: '+14055550101' });
    await english.check();
    const [sent] = await english.alerts();
    expect(sent?.outcome).toBe('auto_sent');
    expect(await textsOf(sent?.message?.id ?? '')).toEqual([expect.stringContaining('TAKE COVER NOW!')]);
    const trail = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.stationId, english.station.id), eq(auditLog.action, 'weather.auto_sent')));
    expect(trail[0]?.details).toMatchObject({ count: 1 });

    // Two languages: the Spanish is the phrasebook's, written with the draft: it goes at once.
    const bilingual = await station('kwxauto2', auto);
    await createContact(db, bilingual.station.id, {
      phone: '+14055550102',
      choices: [{ messageType: 'emergency', language: 'es' }],
    });
    await bilingual.check();
    const [sentBoth] = await bilingual.alerts();
    expect(sentBoth?.outcome).toBe('auto_sent');
    expect(await textsOf(sentBoth?.message?.id ?? '')).toEqual([expect.stringContaining('Aviso de tornado')]);

    // An event the phrasebook does not name (NWS adds products): the send waits for the engine's
    // Spanish, and then, nobody vouching for it, the Spanish subscriber gets the original and the
    // notice (decision 0050).
    fake.clear();
    const unnamed = nwsFixture('tornado-warning-ok');
    unnamed.properties.event = 'Hazard Test Warning';
    fake.add(unnamed);
    const waits = await station('kwxauto3', auto);
    await createContact(db, waits.station.id, {
      phone: '+14055550104',
      choices: [{ messageType: 'emergency', language: 'es' }],
    });
    await waits.check();
    const [waiting] = await waits.alerts();
    expect(waiting?.outcome).toBe('auto_send_waiting');
    await db
      .update(messageTranslations)
      .set({ status: 'completed', translatedText: '¡Tome cubierto ahora!', provider: 'operator:apertium' })
      .where(eq(messageTranslations.messageId, waiting?.message?.id ?? ''));
    clock = new Date(AFTER_TORNADO_WARNING.getTime() + 60_000);
    await waits.check();
    expect((await waits.alerts())[0]?.outcome).toBe('auto_sent');
    const [spanish] = await textsOf(waiting?.message?.id ?? '');
    expect(spanish).not.toContain('Tome cubierto');
    expect(spanish).toContain('TAKE COVER NOW!');
    expect(spanish).toContain(untranslatedNotice('es', 'en'));

    // Still waiting a quarter of an hour later (the workers were down): not sent any more.
    clock = AFTER_TORNADO_WARNING;
    const late = await station('kwxlate', auto);
    await late.check();
    clock = new Date(AFTER_TORNADO_WARNING.getTime() + 16 * 60_000);
    await late.check();
    expect((await late.alerts())[0]).toMatchObject({
      outcome: 'send_refused',
      error_code: 'weather_auto_send_stale',
    });

    // Emergencies need a second admin's approval at this station: submitted, not sent.
    clock = AFTER_TORNADO_WARNING;
    const held = await station('kwxheld', auto);
    await db
      .update(stationPolicies)
      .set({ approvalRequiredTypes: ['emergency'], approvalBypassEmergency: false })
      .where(eq(stationPolicies.stationId, held.station.id));
    await createContact(db, held.station.id, { phone: '+14055550103' });
    await held.check();
    const [pending] = await held.alerts();
    expect(pending?.outcome).toBe('approval_requested');
    const [message] = await held.messages();
    expect(message?.approval).toMatchObject({ status: 'pending', required: true });
    expect(await textsOf(message?.id ?? '')).toEqual([]);
  });

  it('sends an auto-sent alert that is not an emergency within the hours the page names', async () => {
    fake.clear();
    // The recorded warning, as NWS would write a Moderate one: an alert, not an emergency, at
    // 23:25 in Oklahoma (the page says such alerts reach subscribers between 8 AM and 9 PM).
    const moderate = nwsFixture('tornado-warning-ok');
    moderate.properties.severity = 'Moderate';
    moderate.properties.id = `${moderate.properties.id}.moderate`;
    fake.add(moderate);
    clock = AFTER_TORNADO_WARNING;
    const night = await station('kwxnight', {
      languages: ['en'],
      settings: { auto_send_severities: ['Moderate'] },
    });
    await createContact(db, night.station.id, {
      phone: '+14055550104',
      choices: [{ messageType: 'alert', language: 'en' }],
    });
    await night.check();
    const [alert] = await night.alerts();
    expect(alert).toMatchObject({ outcome: 'auto_sent', message: { message_type: 'alert' } });
    const [delivery] = await db
      .select({ notBefore: smsDeliveries.notBefore })
      .from(smsDeliveries)
      .innerJoin(smsSends, eq(smsSends.id, smsDeliveries.sendId))
      .where(eq(smsSends.messageId, alert?.message?.id ?? ''));
    // 8 AM CDT the next morning.
    expect(delivery?.notBefore.toISOString()).toBe('2025-04-20T13:00:00.000Z');
  });

  it('drafts once when two pollers take the same alert at once', async () => {
    fake.clear();
    clock = AFTER_TORNADO_WARNING;
    const t = await station('kwxtwice');
    fake.add('tornado-warning-ok');
    const events = await createEventBus({});
    const queued: string[] = [];
    const deps = {
      db,
      publicUrl: 'http://127.0.0.1',
      nws: createNwsClient({ apiUrl: fake.url, userAgent: USER_AGENT, timeoutMs: 10_000 }),
      now: () => clock,
      events,
      translationQueue: {
        enqueue: async (_tx: unknown, jobs: { messageId: string }[]) => {
          queued.push(...jobs.map((j) => j.messageId));
        },
        wake: () => {},
      },
      messageParts: messageParts(),
      sent: async () => {},
      email: createOutboxEmailProvider(db, 'alerts@message-station.test'),
    };
    const [a, b] = await Promise.all([
      pollWeather(deps, { stationId: t.station.id }),
      pollWeather(deps, { stationId: t.station.id }),
    ]);
    expect((a?.[0]?.drafted ?? 0) + (b?.[0]?.drafted ?? 0)).toBe(1);
    const rows = await db.select().from(weatherAlerts).where(eq(weatherAlerts.stationId, t.station.id));
    expect(rows).toHaveLength(1);
    const drafts = await db.select().from(messages).where(eq(messages.stationId, t.station.id));
    expect(drafts).toHaveLength(1);
    // Its Spanish came from the phrasebook: no engine job at all.
    expect(queued).toEqual([]);
    const translated = await db
      .select()
      .from(messageTranslations)
      .where(eq(messageTranslations.messageId, drafts[0]?.id ?? ''));
    expect(translated.map((row) => [row.languageCode, row.provider])).toEqual([['es', 'phrasebook']]);
    await events.close();
  });

  it('records NWS being down and tries again at the next poll', async () => {
    fake.clear();
    clock = AFTER_TORNADO_WARNING;
    const t = await station('kwxdown');
    fake.add('tornado-warning-ok');
    fake.setDown('refuse');
    const failed = await t.check();
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({ code: 'weather_unavailable' });
    expect((await t.admin.get('/admin/api/weather/settings')).json().last_error).toEqual({
      code: 'weather_unavailable',
      at: AFTER_TORNADO_WARNING.toISOString(),
    });
    fake.setDown('error');
    expect((await t.check()).statusCode).toBe(503);

    fake.setDown(null);
    clock = new Date(AFTER_TORNADO_WARNING.getTime() + 60_000);
    expect((await t.check()).json()).toMatchObject({ drafted: 1, error_code: null });
    expect((await t.admin.get('/admin/api/weather/settings')).json().last_error).toBeNull();
  });

  it('lets a station check now a few times a minute, as NWS asks', async () => {
    fake.clear();
    clock = new Date('2025-04-20T06:00:00Z');
    const busy = await station('kwxbusy');
    const calm = await station('kwxcalm');
    for (let i = 0; i < 4; i++) expect((await busy.check()).statusCode).toBe(200);
    const refused = await busy.check();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect((await calm.check()).statusCode).toBe(200);
  });

  it("answers 404 for another station's alert", async () => {
    fake.clear();
    clock = AFTER_TORNADO_WARNING;
    const mine = await station('kwxmine');
    const theirs = await station('kwxtheirs');
    fake.add('tornado-warning-ok');
    await mine.check();
    const [alert] = await mine.alerts();
    const detail = await mine.admin.get(`/admin/api/weather/alerts/${alert?.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ alert: { id: alert?.id }, message: { title: TORNADO_HEADLINE } });
    const refused = await theirs.admin.get(`/admin/api/weather/alerts/${alert?.id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'weather_alert_not_found' });
    expect((await theirs.admin.get('/admin/api/weather/alerts/not-an-id')).statusCode).toBe(404);
    expect(await theirs.alerts()).toEqual([]);
  });
});
