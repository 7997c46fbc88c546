// What each subscriber reads when a recorded NWS tornado warning for Coal County, OK is auto-sent
// at night with the default offline setup (no cloud key, Apertium only), through the dev outbox:
// vetted text in their language with the areas intact (decision 0050), never an engine's words.
import type { TLanguageCode, TOutboxMessage, TWeatherAlert } from '@message-station/shared';
import { nwsEventName, untranslatedNotice } from '@message-station/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stations } from '../../db/schema/index.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createContact, createStationWithAdmin } from '../../test/factories.js';
import { startFakeNws } from '../../test/fake-nws.js';
import { readUntil } from '../../test/poll.js';
import { weatherSettings } from '../../test/weather.js';

/** Two minutes after NWS Norman sent the warning: 23:25 CDT, the middle of the night. */
const NIGHT = new Date('2025-04-20T04:25:00Z');
const READERS: TLanguageCode[] = ['es', 'fr', 'de', 'zh', 'ja', 'ko'];
const PHONES: Record<string, string> = {
  en: '+14055550140',
  es: '+14055550141',
  fr: '+14055550142',
  de: '+14055550143',
  zh: '+14055550144',
  ja: '+14055550145',
  ko: '+14055550146',
};

const fake = await startFakeNws();
const { app, db } = await createTestApp({
  now: () => NIGHT,
  workers: true,
  config: {
    weather: { apiUrl: fake.url, userAgent: 'MessageStationTest/1.2.0', pollSeconds: 60, timeoutMs: 2000 },
  },
});

describe('a tornado warning auto-sent at night with only the offline engine', () => {
  it('reaches every subscriber in their language, vetted, with the county and state as NWS wrote them', async () => {
    const { station, adminEmail } = await createStationWithAdmin(db, {
      slug: 'kwxtrust',
      languages: ['en', ...READERS],
    });
    // Settings → Station: Coal County is in Central time.
    await db.update(stations).set({ timeZone: 'America/Chicago' }).where(eq(stations.id, station.id));
    const admin = new TestClient(app);
    await admin.login(adminEmail);
    const saved = await admin.request({
      method: 'PUT',
      url: '/admin/api/weather/settings',
      body: weatherSettings({ zones: [{ id: 'OKC029', name: 'Coal' }], auto_send_severities: ['Extreme'] }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const language of ['en', ...READERS] as TLanguageCode[]) {
      await createContact(db, station.id, {
        phone: PHONES[language] as string,
        choices: [{ messageType: 'emergency', language }],
      });
    }
    fake.add('tornado-warning-ok');
    expect((await admin.post('/admin/api/weather/check')).json()).toMatchObject({ received: 1, drafted: 1 });
    const [alert]: TWeatherAlert[] = (await admin.get('/admin/api/weather/alerts')).json().alerts;
    // Every language is vetted at once: the send does not wait for an engine.
    expect(alert?.outcome).toBe('auto_sent');

    const outbox = await readUntil(
      async (): Promise<TOutboxMessage[]> => (await admin.get('/dev/api/outbox?limit=500')).json(),
      (list) =>
        Object.values(PHONES).every((phone) => list.some((m) => m.channel === 'sms' && m.to === phone)),
    );
    const textTo = (language: string) =>
      outbox.find((m) => m.channel === 'sms' && m.to === PHONES[language])?.body ?? '';

    expect(textTo('en')).toContain('TAKE COVER NOW!');
    for (const language of READERS) {
      const text = textTo(language);
      // The county and the state code as NWS wrote them, in every language.
      expect(text, language).toContain('Coal, OK; Hughes, OK');
      // The event's vetted name, the vetted "take cover" instruction, no English instruction.
      expect(text, language).toContain(nwsEventName('Tornado Warning', language));
      expect(text, language).not.toContain('TAKE COVER NOW');
      expect(text, language).not.toContain('okay');
      expect(text, language).not.toContain(untranslatedNotice(language, 'en'));
      // No engine marks, no placeholder codes.
      expect(text, language).not.toMatch(/[*#@]\p{L}|ZXQ\d/u);
    }
    // The Spanish text reads the time of the warning's end in Central time.
    expect(textTo('es')).toMatch(/12:15.*CDT/);
  });
});
