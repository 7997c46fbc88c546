// A weather alert far too long for one SMS, through the poll and the API (decision 0052): drafted
// shortened by rule in every phrasebook language, within budget, each with the link to its public
// page; the page answers the whole text once the alert was sent, in the reader's language, and
// 404 for a draft, another station's address or a message that is not a weather alert.
import {
  LANGUAGE_CODES,
  smsTextFit,
  type TLanguageCode,
  type TMessage,
  type TWeatherAlert,
} from '@message-station/shared';
import { describe, expect, it } from 'vitest';
import { createTestApp, TestClient } from '../../test/app.js';
import { createContact, createStationWithAdmin, setBilling } from '../../test/factories.js';
import { nwsFixture, startFakeNws } from '../../test/fake-nws.js';
import { createMessage } from '../../test/messages-factory.js';
import { weatherSettings } from '../../test/weather.js';

const USER_AGENT = 'MessageStationTest/1.2.0 (http://localhost:3000, support@localhost)';
/** Two minutes after NWS Norman sent the recorded tornado warning. */
const clock = new Date('2025-04-20T04:25:00Z');
const COUNTIES = Array.from({ length: 130 }, (_, i) => `County ${i + 1}, OK`).join('; ');
const MORE_DESCRIPTION = 'The storm is moving east at 35 mph. '.repeat(60);
const MORE_INSTRUCTION = 'Stay tuned to local radio for updates. '.repeat(60);

const fake = await startFakeNws();
const { app, db, config } = await createTestApp({
  now: () => clock,
  config: { weather: { apiUrl: fake.url, userAgent: USER_AGENT, pollSeconds: 60, timeoutMs: 2000 } },
});

describe("a weather alert's public page", async () => {
  const created = await createStationWithAdmin(db, { slug: 'kwxlong', languages: [...LANGUAGE_CODES] });
  const other = await createStationWithAdmin(db, { slug: 'kwxelse' });
  await setBilling(db, created.station.id, { smsCreditsBalance: 1000 });
  await createContact(db, created.station.id, {
    phone: '+13105550177',
    choices: [{ messageType: 'emergency', language: 'es' }],
  });
  const admin = new TestClient(app);
  await admin.login(created.adminEmail);
  const saved = await admin.request({
    method: 'PUT',
    url: '/admin/api/weather/settings',
    body: weatherSettings(),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const alert = nwsFixture('tornado-warning-ok');
  alert.properties.areaDesc = COUNTIES;
  alert.properties.description = `${alert.properties.description}\n\n${MORE_DESCRIPTION}`;
  alert.properties.instruction = `${alert.properties.instruction}\n\n${MORE_INSTRUCTION}`;
  fake.add(alert);
  expect((await admin.post('/admin/api/weather/check')).json()).toMatchObject({ drafted: 1 });
  const [record] = (await admin.get('/admin/api/weather/alerts')).json().alerts as TWeatherAlert[];
  const message = (await admin.get(`/admin/api/messages`))
    .json()
    .find((m: TMessage) => m.id === record?.message?.id) as TMessage;
  const page = (path: string) => app.inject({ method: 'GET', url: path });
  const path = `/alerts/kwxlong/${message.id}`;
  const link = (language: string) => `${config.publicUrl}${path}?lang=${language}`;

  it('drafts a shortened text within budget, with the link, in every phrasebook language', () => {
    const texts: [string, string][] = [
      ['en', message.original],
      ...message.translations.map((t): [string, string] => [t.language_code, t.translated_text ?? '']),
    ];
    expect(texts.map(([language]) => language).sort()).toEqual([...LANGUAGE_CODES].sort());
    for (const [language, text] of texts) {
      const fit = smsTextFit({ stationName: created.station.displayName, language }, text);
      expect(fit.fits, `${language}: ${fit.length} > ${fit.max}`).toBe(true);
      expect(text.includes(link(language)), language).toBe(true);
    }
    expect(message.translations.every((t) => t.source === 'phrasebook')).toBe(true);
    expect(message.original).toContain('TAKE COVER NOW!');
    expect(message.original).not.toContain('County 130, OK');
  });

  it('answers 404 while it is a draft', async () => {
    const draft = await page(`${path}?lang=es`);
    expect(draft.statusCode).toBe(404);
    expect(draft.headers['content-type']).toContain('text/html');
    expect(draft.body).toContain('Alerta no encontrada');
    expect(draft.body).not.toContain('County 1, OK');
  });

  it('shows the whole alert in the chosen language once sent, and 404 anywhere else', async () => {
    const sent = await admin.post(`/admin/api/messages/${message.id}/send-sms`);
    expect(sent.statusCode, sent.body).toBe(200);

    const spanish = await page(`${path}?lang=es`);
    expect(spanish.statusCode).toBe(200);
    expect(spanish.headers['content-security-policy']).toMatch(/style-src 'self' 'nonce-[^']+'/);
    expect(spanish.body).toContain('<html lang="es">');
    expect(spanish.body).toContain('Alerta meteorológica');
    expect(spanish.body).toContain('<div class="alert" lang="es">Aviso de tornado');
    // Every county, NWS's whole description and instructions (in English, below).
    expect(spanish.body).toContain('County 130, OK');
    expect(spanish.body).toContain('Texto completo del Servicio Meteorológico Nacional');
    expect(spanish.body).toContain('Stay tuned to local radio for updates.');
    expect(spanish.body).toContain('The storm is moving east at 35 mph.');
    expect(spanish.body).not.toContain('<script');

    const english = await page(path);
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('Weather alert');
    expect(english.body).toContain('County 130, OK');
    expect(english.body).toContain(`href="${path}?lang=ko"`);
    // The sent time as the station's clocks show it (America/New_York unless set), with its zone.
    expect(english.body).toMatch(/Sent [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M E[SD]T/);
    const korean = await page(`${path}?lang=ko`);
    expect(korean.body).toContain('<div class="alert" lang="ko">토네이도 경보');
    // A Korean reader gets the page's own words in Korean too, not English.
    expect(korean.body).toContain('<html lang="ko">');
    expect(korean.body).toContain('기상 경보');
    expect(korean.body).toContain('미국 국립기상청 전문 (영어)');
    expect(korean.body).not.toContain('Weather alert');

    expect((await page(`/alerts/kwxelse/${message.id}?lang=es`)).statusCode).toBe(404);
    expect((await page(`/alerts/nosuchstation/${message.id}`)).statusCode).toBe(404);
    expect((await page('/alerts/kwxlong/not-a-uuid')).statusCode).toBe(404);
    // A message of the station that is not a weather alert, sent: still 404.
    const plain = await createMessage(db, created.station.id, { original: 'Road closed.' });
    expect((await admin.post(`/admin/api/messages/${plain.id}/send-sms`)).statusCode).toBe(200);
    expect((await page(`/alerts/kwxlong/${plain.id}`)).statusCode).toBe(404);
    expect(other.station.slug).toBe('kwxelse');
  });

  it('escapes what NWS wrote', async () => {
    const language: TLanguageCode = 'en';
    const answer = await page(`${path}?lang=${language}&x=<script>`);
    expect(answer.body).not.toContain('<script>');
  });
});
