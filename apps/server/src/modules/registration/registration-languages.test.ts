// Signup step 4 in the wizard's language: the station keeps the names and descriptions
// the admin saw, in that language, and the catalogue's (or a translation) in the others. Step 3's
// primary language (decision 0083) is the station's, and one of its languages; without it, English.
import { MESSAGE_TYPE_WORDING } from '@message-station/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  messageTypes,
  messageTypeTranslations,
  registrationDrafts,
  stations,
} from '../../db/schema/index.js';
import { solveBotCheck } from '../../test/altcha.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { prefixEngine } from '../../test/prefix-engine.js';
import { typeNamesIn } from '../station/type-translations.js';

const fakeTranslation = prefixEngine;

const es = MESSAGE_TYPE_WORDING.es;

describe('signup step 4 in Spanish', async () => {
  const { app, db } = await createTestApp({ translation: fakeTranslation });

  let signups = 0;
  async function start(
    client: TestClient,
    stationName: string,
    phone: string,
    fields: Record<string, unknown>,
  ) {
    return client.post('/api/register/start', {
      turnstileToken: await solveBotCheck(app),
      email: `${stationName.toLowerCase()}@radio.test`,
      password: 'correct horse',
      phone_number: phone,
      admin_full_name: 'María López',
      billing_email: `billing-${stationName.toLowerCase()}@radio.test`,
      station_name: stationName,
      display_name: `${stationName} Radio`,
      supported_languages: ['en', 'es'],
      privacy_policy_url: 'https://radio.test/privacy',
      terms_url: 'https://radio.test/terms',
      language: 'es',
      ...fields,
    });
  }

  async function signUp(
    stationName: string,
    phone: string,
    messageTypesShown: unknown[],
    fields: Record<string, unknown> = {},
  ) {
    // One address per signup: an address has a signup share of its own (decision 0054).
    const client = new TestClient(app, `10.9.0.${++signups}`);
    await client.get('/auth/session');
    const started = await start(client, stationName, phone, { message_types: messageTypesShown, ...fields });
    expect(started.statusCode).toBe(200);
    const reply = started.json();
    const [draft] = await db
      .select()
      .from(registrationDrafts)
      .where(eq(registrationDrafts.id, reply.registration_id));
    expect(draft?.language).toBe('es');
    const verified = await client.post('/api/register/verify', {
      registration_id: reply.registration_id,
      verification_code: reply.test_code,
    });
    expect(verified.statusCode).toBe(200);
    const [station] = await db.select().from(stations).where(eq(stations.slug, stationName.toLowerCase()));
    if (!station) throw new Error('station not created');
    return Object.assign(station, { client });
  }

  it('keeps the Spanish names it showed, English ones for English, and the English name on the type', async () => {
    const shown = (['emergency', 'alert', 'station', 'informational'] as const).map((key) => ({
      message_type: key,
      display_name: es[key].displayName,
      description: es[key].description,
      is_active: true,
    }));
    const station = await signUp('Radioes', '(415) 555-0301', shown);
    expect(await typeNamesIn(db, station.id, 'es')).toEqual({
      emergency: 'Emergencia',
      alert: 'Alerta',
      station: 'Estación',
      informational: 'Informativo',
    });
    expect(await typeNamesIn(db, station.id, 'en')).toEqual({
      emergency: 'Emergency',
      alert: 'Alert',
      station: 'Station',
      informational: 'Informational',
    });
    const rows = await db
      .select()
      .from(messageTypeTranslations)
      .where(eq(messageTypeTranslations.stationId, station.id));
    expect(new Set(rows.map((r) => r.source))).toEqual(new Set(['default']));
    const types = await db.select().from(messageTypes).where(eq(messageTypes.stationId, station.id));
    expect(types.find((t) => t.messageType === 'emergency')).toMatchObject({
      displayName: 'Emergency',
      description: MESSAGE_TYPE_WORDING.en.emergency.description,
    });
    const page = (await app.inject({ url: '/subscribe/radioes/info?language=es' })).json();
    expect(page.message_types[0]).toMatchObject({
      display_name: 'Emergencia',
      description: es.emergency.description,
    });
  });

  it('keeps an edited Spanish description as staff words and translates it for English', async () => {
    const station = await signUp('Radioed', '(415) 555-0302', [
      {
        message_type: 'emergency',
        display_name: 'Emergencia',
        description: 'Evacuaciones y refugios',
        is_active: true,
      },
      {
        message_type: 'informational',
        display_name: 'Informativo',
        description: es.informational.description,
        is_active: false,
      },
    ]);
    const row = async (language: string) =>
      (
        await db
          .select()
          .from(messageTypeTranslations)
          .where(
            and(
              eq(messageTypeTranslations.stationId, station.id),
              eq(messageTypeTranslations.messageType, 'emergency'),
              eq(messageTypeTranslations.language, language),
            ),
          )
      )[0];
    expect(await row('es')).toMatchObject({
      source: 'staff',
      displayName: 'Emergencia',
      description: 'Evacuaciones y refugios',
    });
    // The name was the catalogue's, so English keeps its own; the edited description is translated.
    expect(await row('en')).toMatchObject({
      source: 'machine',
      displayName: 'Emergency',
      description: '[en] Evacuaciones y refugios',
    });
    const types = await db.select().from(messageTypes).where(eq(messageTypes.stationId, station.id));
    expect(types.find((t) => t.messageType === 'emergency')?.description).toBe(
      '[en] Evacuaciones y refugios',
    );
    expect(types.find((t) => t.messageType === 'informational')?.isActive).toBe(false);
  });

  /** The new station's languages as its admin reads them in Settings. */
  async function languagesOf(station: { client: TestClient }) {
    const settings = (await station.client.get('/admin/api/station/settings')).json();
    return { primary_language: settings.primary_language, supported_languages: settings.supported_languages };
  }

  it("makes the primary language chosen in step 3 the station's, in Settings and on the types", async () => {
    const station = await signUp('Radioprimera', '(415) 555-0303', [], { primary_language: 'es' });
    expect(station.primaryLanguage).toBe('es');
    expect(await languagesOf(station)).toEqual({ primary_language: 'es', supported_languages: ['es', 'en'] });
    const types = await db.select().from(messageTypes).where(eq(messageTypes.stationId, station.id));
    expect(types.find((t) => t.messageType === 'emergency')?.displayName).toBe('Emergencia');
  });

  it('puts a primary language left out of the languages among them', async () => {
    const station = await signUp('Radiofrance', '(415) 555-0304', [], {
      supported_languages: ['en'],
      primary_language: 'fr',
    });
    expect(await languagesOf(station)).toEqual({ primary_language: 'fr', supported_languages: ['fr', 'en'] });
  });

  it('keeps English as the primary language of a client that does not choose one', async () => {
    const withEnglish = await signUp('Radiosinprimaria', '(415) 555-0305', []);
    expect(await languagesOf(withEnglish)).toEqual({
      primary_language: 'en',
      supported_languages: ['en', 'es'],
    });
    // Without English among them, the first language, as before the choice existed.
    const spanishOnly = await signUp('Radiosoloes', '(415) 555-0306', [], { supported_languages: ['es'] });
    expect(await languagesOf(spanishOnly)).toEqual({ primary_language: 'es', supported_languages: ['es'] });
  });

  it('refuses an unknown primary language with a code the client words', async () => {
    const client = new TestClient(app, `10.9.0.${++signups}`);
    await client.get('/auth/session');
    const refused = await start(client, 'Radiox', '(415) 555-0307', { primary_language: 'xx' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'primary_language_unknown',
      params: { languages: 'en, es, fr, de, it, pt, zh, ja, ko' },
    });
    expect(await db.select().from(stations).where(eq(stations.slug, 'radiox'))).toEqual([]);
  });
});
