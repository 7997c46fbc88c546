// Signup step 4 in the wizard's language: the station keeps the names and descriptions
// the admin saw, in that language, and the catalogue's (or a translation) in the others.
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
  async function signUp(stationName: string, phone: string, messageTypesShown: unknown[]) {
    // One address per signup: an address has a signup share of its own (decision 0054).
    const client = new TestClient(app, `10.9.0.${++signups}`);
    await client.get('/auth/session');
    const started = await client.post('/api/register/start', {
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
      message_types: messageTypesShown,
    });
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
    return station;
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
});
