import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageTypes, messageTypeTranslations, stations } from '../../db/schema/index.js';
import { TranslationError, type TTranslationProvider } from '../../providers/translation/types.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createStationWithAdmin } from '../../test/factories.js';
import { typeNamesIn } from './type-translations.js';

/** "[es] Severe Weather"; a language in `failing` has no engine, as when none is configured. */
function fakeTranslation(failing: Set<string>): TTranslationProvider {
  return {
    name: 'fake',
    supports: (_from, to) => !failing.has(to),
    async translate({ text, to }) {
      if (failing.has(to)) throw new TranslationError('unsupported', `no engine for ${to}`, 'fake');
      return `[${to}] ${text}`;
    },
  };
}

describe('message type names per language', async () => {
  const failing = new Set<string>();
  const { app, db } = await createTestApp({ translation: fakeTranslation(failing) });
  const admin = new TestClient(app);
  await admin.login('admin@demo.test');
  const [demo] = await db.select().from(stations).where(eq(stations.slug, 'demo'));
  if (!demo) throw new Error('demo station missing');
  const typeId = async (key: string, stationId = demo.id) => {
    const rows = await db.select().from(messageTypes).where(eq(messageTypes.stationId, stationId));
    const row = rows.find((t) => t.messageType === key);
    if (!row) throw new Error(`no ${key}`);
    return row.id;
  };
  const info = async (language: string) =>
    (await app.inject({ url: `/subscribe/demo/info?language=${language}` })).json();
  const typeIn = async (language: string, key: string) =>
    (await info(language)).message_types.find((t: { message_type: string }) => t.message_type === key);
  const putType = (client: TestClient, id: string, body: Record<string, unknown>) =>
    client.request({ method: 'PUT', url: `/admin/api/message-types/${id}`, body });
  const putTranslation = (client: TestClient, id: string, language: string, body: unknown) =>
    client.request({ method: 'PUT', url: `/admin/api/message-types/${id}/translations/${language}`, body });

  it('gives a new station the catalogue words in each of its languages, and the join page reads them', async () => {
    const spanish = await info('es');
    expect(spanish.message_types.map((t: { display_name: string }) => t.display_name)).toEqual([
      'Emergencia',
      'Alerta',
      'Estación',
      'Informativo',
    ]);
    expect(spanish.station.languages).toEqual([
      expect.objectContaining({ language_code: 'en', native_name: 'English' }),
      expect.objectContaining({ language_code: 'es', native_name: 'Español' }),
    ]);
    expect((await typeIn('en', 'alert')).display_name).toBe('Alert');
    // Korean is not a language of this station: the primary language's words.
    expect((await typeIn('ko', 'emergency')).display_name).toBe('Emergency');
    expect((await app.inject({ url: '/subscribe/demo/info?language=xx' })).statusCode).toBe(400);
    expect(await typeNamesIn(db, demo.id, 'es')).toEqual({
      emergency: 'Emergencia',
      alert: 'Alerta',
      station: 'Estación',
      informational: 'Informativo',
    });
  });

  it('translates the primary wording again when staff change it, and keeps staff words', async () => {
    const id = await typeId('alert');
    const body = {
      display_name: 'Severe Weather',
      description: 'Storms',
      color_code: '#fd7e14',
      is_active: true,
    };
    expect((await putType(admin, id, body)).statusCode).toBe(200);
    expect(await typeIn('es', 'alert')).toMatchObject({
      display_name: '[es] Severe Weather',
      description: '[es] Storms',
    });
    const list = (await admin.get('/admin/api/message-type-translations')).json();
    expect(
      list.find(
        (t: { language: string; message_type: string }) => t.language === 'es' && t.message_type === 'alert',
      ),
    ).toMatchObject({ source: 'machine' });
    expect(
      list.find(
        (t: { language: string; message_type: string }) => t.language === 'en' && t.message_type === 'alert',
      ),
    ).toMatchObject({ source: 'staff', display_name: 'Severe Weather' });

    // Staff's Spanish is theirs: a later English change leaves it alone.
    const saved = await putTranslation(admin, id, 'es', {
      display_name: 'Tiempo severo',
      description: 'Tormentas',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toContainEqual(
      expect.objectContaining({ language: 'es', source: 'staff', display_name: 'Tiempo severo' }),
    );
    await putType(admin, id, { ...body, display_name: 'Storm Watch' });
    expect(await typeIn('es', 'alert')).toMatchObject({
      display_name: 'Tiempo severo',
      description: 'Tormentas',
    });
    expect((await typeIn('en', 'alert')).display_name).toBe('Storm Watch');

    // Saving an unchanged type (Save All sends all four) translates nothing again.
    await db
      .update(messageTypeTranslations)
      .set({ displayName: 'Sin cambios' })
      .where(
        and(
          eq(messageTypeTranslations.stationId, demo.id),
          eq(messageTypeTranslations.messageType, 'station'),
          eq(messageTypeTranslations.language, 'es'),
        ),
      );
    const station = (await admin.get('/admin/api/message-types'))
      .json()
      .find((t: { message_type: string }) => t.message_type === 'station');
    await putType(admin, station.id, {
      display_name: station.display_name,
      description: station.description,
      color_code: station.color_code,
      is_active: true,
    });
    expect((await typeIn('es', 'station')).display_name).toBe('Sin cambios');
  });

  it('shows the primary wording, not an outdated one, where no engine can translate', async () => {
    failing.add('es');
    try {
      const id = await typeId('informational');
      const response = await putTranslation(admin, id, 'en', {
        display_name: 'Community News',
        description: 'What is on',
      });
      expect(response.statusCode).toBe(200);
      expect(await typeIn('es', 'informational')).toMatchObject({
        display_name: 'Community News',
        description: 'What is on',
      });
      expect(response.json()).toContainEqual(
        expect.objectContaining({ language: 'es', source: null, display_name: 'Community News' }),
      );
      // The type itself carries the primary language's name.
      const [row] = await db.select().from(messageTypes).where(eq(messageTypes.id, id));
      expect(row?.displayName).toBe('Community News');
    } finally {
      failing.delete('es');
    }
  });

  it('gives a language added in Settings the catalogue words, or a translation of changed ones', async () => {
    const settings = (await admin.get('/admin/api/station/settings')).json();
    const {
      id,
      name,
      slug,
      station_slug,
      logo_url,
      sms_credits,
      billing_email,
      payment_status,
      join_url,
      unsubscribe_url,
      ...body
    } = settings;
    const saved = await admin.request({
      method: 'PUT',
      url: '/admin/api/station/settings',
      body: { ...body, supported_languages: ['en', 'es', 'ko'] },
    });
    expect(saved.statusCode).toBe(200);
    expect((await typeIn('ko', 'emergency')).display_name).toBe('긴급');
    expect((await typeIn('ko', 'alert')).display_name).toBe('[ko] Storm Watch');
    // A new primary language lends its words to the types themselves.
    const spanishFirst = await admin.request({
      method: 'PUT',
      url: '/admin/api/station/settings',
      body: { ...body, supported_languages: ['en', 'es', 'ko'], primary_language: 'es' },
    });
    expect(spanishFirst.statusCode).toBe(200);
    const types = (await admin.get('/admin/api/message-types')).json();
    expect(types.find((t: { message_type: string }) => t.message_type === 'emergency').display_name).toBe(
      'Emergencia',
    );
    expect((await info('ko')).station.languages.map((l: { native_name: string }) => l.native_name)).toEqual([
      'Español',
      'English',
      '한국어',
    ]);
  });

  it('refuses bad input, other stations’ types, and staff who are not admins', async () => {
    const id = await typeId('emergency');
    expect((await putTranslation(admin, id, 'es', { display_name: '', description: 'x' })).statusCode).toBe(
      400,
    );
    expect((await putTranslation(admin, id, 'xx', { display_name: 'X', description: 'x' })).statusCode).toBe(
      400,
    );
    const notOffered = await putTranslation(admin, id, 'fr', { display_name: 'Urgence', description: 'x' });
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().error).toContain('not offered');
    // A malformed id is an unknown one: message_type_not_found, 404 as its table entry says.
    expect(
      (await putTranslation(admin, 'not-a-uuid', 'es', { display_name: 'X', description: 'x' })).statusCode,
    ).toBe(404);

    const { station: other } = await createStationWithAdmin(db, {
      slug: 'othertypes',
      languages: ['en', 'es'],
    });
    const foreign = await putTranslation(admin, await typeId('emergency', other.id), 'es', {
      display_name: 'Robado',
      description: 'x',
    });
    expect(foreign.statusCode).toBe(404);
    expect(await typeNamesIn(db, other.id, 'es')).toMatchObject({ emergency: 'Emergencia' });

    const user = new TestClient(app);
    await user.login('user@demo.test');
    expect((await user.get('/admin/api/message-type-translations')).statusCode).toBe(403);
    expect((await putTranslation(user, id, 'es', { display_name: 'X', description: 'x' })).statusCode).toBe(
      403,
    );
    expect((await typeIn('es', 'emergency')).display_name).toBe('Emergencia');
  });

  it('names every type in both interface languages on the staff list, without guessing at staff words', async () => {
    const { adminEmail } = await createStationWithAdmin(db, { slug: 'englishonly' });
    const staff = new TestClient(app);
    await staff.login(adminEmail);
    const list = async () =>
      (await staff.get('/admin/api/message-types')).json() as {
        id: string;
        message_type: string;
        display_name: string;
        names: Record<'en' | 'es', { display_name: string }>;
      }[];
    const alert = (await list()).find((t) => t.message_type === 'alert');
    if (!alert) throw new Error('no alert type');
    // English only, untouched: a Spanish page still names the type in Spanish (the catalogue's).
    expect(alert.display_name).toBe('Alert');
    expect(alert.names.es.display_name).toBe('Alerta');
    expect(alert.names.en.display_name).toBe('Alert');
    // Staff's own English name is not Spanish anyone wrote: a Spanish page shows it as written.
    const renamed = await putType(staff, alert.id, {
      display_name: 'Severe Weather',
      description: 'Storms and floods',
      color_code: '#fd7e14',
      is_active: true,
    });
    expect(renamed.statusCode).toBe(200);
    const after = (await list()).find((t) => t.message_type === 'alert');
    expect(after?.display_name).toBe('Severe Weather');
    expect(after?.names.es.display_name).toBe('Severe Weather');
    // A station that words its Spanish gets its own Spanish on the staff pages.
    const demoList = (await admin.get('/admin/api/message-types')).json() as {
      message_type: string;
      names: Record<'en' | 'es', { display_name: string }>;
    }[];
    expect(demoList.find((t) => t.message_type === 'emergency')?.names.es.display_name).toBe('Emergencia');
  });
});
