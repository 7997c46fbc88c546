// A station's own wording of the opt-in confirmation and HELP per language: Settings calls, the
// checks that keep carriers' requirements, and the texts subscribers then receive.
import { smsSegments, smsTemplate, smsText } from '@message-station/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, stationSmsTexts } from '../../db/schema/index.js';
import { TestClient } from '../../test/app.js';
import { createContact, createStationWithAdmin } from '../../test/factories.js';
import { createInboundSmsApp } from '../../test/inbound-sms.js';

const SPANISH_HELP =
  '{station}: para ayuda escriba a ayuda@kxyz.example.org. Responda ALTO o STOP para cancelar. Pueden aplicarse tarifas.';

let phoneCounter = 3000;
const nextPhone = () => `+1415555${String(phoneCounter++).padStart(4, '0')}`;

describe('station wording of subscriber texts', async () => {
  const { app, db, text } = await createInboundSmsApp();
  const station = await createStationWithAdmin(db, { slug: 'wordfm', languages: ['en', 'es'] });
  const other = await createStationWithAdmin(db, { slug: 'otherfm', languages: ['en', 'es'] });
  const admin = new TestClient(app);
  await admin.login('admin@wordfm.test');
  const otherAdmin = new TestClient(app);
  await otherAdmin.login('admin@otherfm.test');
  const put = (client: TestClient, body: unknown) =>
    client.request({ method: 'PUT', url: '/admin/api/settings/sms-texts', body });
  const rowsOf = (stationId: string) =>
    db.select().from(stationSmsTexts).where(eq(stationSmsTexts.stationId, stationId));

  it('lists both texts for each of the station languages with the default and what goes out', async () => {
    const response = await admin.get('/admin/api/settings/sms-texts');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.texts.map((t: { language: string; kind: string }) => `${t.language}/${t.kind}`)).toEqual([
      'en/confirmation',
      'en/help',
      'en/auto_reply',
      'es/confirmation',
      'es/help',
      'es/auto_reply',
    ]);
    // The inbox's auto-reply (decision 0040): the catalogue's until the station words its own.
    const autoReply = body.texts.find(
      (t: { language: string; kind: string }) => t.language === 'es' && t.kind === 'auto_reply',
    );
    expect(autoReply).toMatchObject({ text: null, default_text: smsTemplate('auto_reply', 'es') });
    expect(autoReply.preview.body).toBe(smsText('auto_reply', 'es', { station: 'WORDFM Radio' }));
    expect(body.placeholders.auto_reply).toEqual(['station']);
    const help = body.texts.find(
      (t: { language: string; kind: string }) => t.language === 'es' && t.kind === 'help',
    );
    expect(help.text).toBeNull();
    expect(help.default_text).toBe(smsText('help', 'es').replace('{stations}', '{station}'));
    const sentNow = smsText('help', 'es', { stations: 'WORDFM Radio', url: 'http://localhost:3000/contact' });
    expect(help.preview).toMatchObject({ body: sentNow, segments: smsSegments(sentNow).segments });
    expect(body).toMatchObject({ max_characters: 320, max_segments: 2 });
    expect(body.placeholders.confirmation).toEqual(['station', 'types']);
  });

  it('sends the Spanish HELP the admin wrote to a Spanish subscriber who texts AYUDA', async () => {
    const response = await put(admin, { language: 'es', kind: 'help', text: SPANISH_HELP });
    expect(response.statusCode).toBe(200);
    const saved = response
      .json()
      .texts.find((t: { language: string; kind: string }) => t.language === 'es' && t.kind === 'help');
    expect(saved.text).toBe(SPANISH_HELP);
    expect(saved.preview.body).toBe(SPANISH_HELP.replace('{station}', 'WORDFM Radio'));

    const phone = nextPhone();
    await createContact(db, station.station.id, {
      phone,
      choices: [{ messageType: 'alert', language: 'es' }],
    });
    expect(await text(phone, 'AYUDA')).toBe(SPANISH_HELP.replace('{station}', 'WORDFM Radio'));
    // English keeps the catalogue's text.
    const english = nextPhone();
    await createContact(db, station.station.id, {
      phone: english,
      choices: [{ messageType: 'alert', language: 'en' }],
    });
    expect(await text(english, 'HELP')).toBe(
      smsText('help', 'en', { stations: 'WORDFM Radio', url: 'http://localhost:3000/contact' }),
    );

    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'settings.sms_text_updated'));
    expect(audit).toMatchObject({ stationId: station.station.id, targetType: 'station' });
  });

  it("never sends one station's wording to another station's subscriber", async () => {
    expect((await rowsOf(other.station.id)).length).toBe(0);
    const listed = (await otherAdmin.get('/admin/api/settings/sms-texts')).json();
    expect(listed.texts.every((t: { text: string | null }) => t.text === null)).toBe(true);
    const phone = nextPhone();
    await createContact(db, other.station.id, { phone, choices: [{ messageType: 'alert', language: 'es' }] });
    expect(await text(phone, 'AYUDA')).toBe(
      smsText('help', 'es', { stations: 'OTHERFM Radio', url: 'http://localhost:3000/contact' }),
    );
  });

  it('uses the confirmation the admin wrote after a YES, with the types in the language', async () => {
    const wording =
      '{station}: listo, recibirá alertas de {types}. Responda STOP para cancelar, HELP para ayuda.';
    expect((await put(admin, { language: 'es', kind: 'confirmation', text: wording })).statusCode).toBe(200);
    const phone = nextPhone();
    await createContact(db, station.station.id, {
      phone,
      status: 'pending',
      verified: false,
      source: 'staff',
      choices: [{ messageType: 'emergency', language: 'es' }],
    });
    const reply = await text(phone, 'SI');
    expect(reply).toMatch(/^WORDFM Radio: listo, recibirá alertas de \S+\. Responda STOP/);
    expect(reply).not.toContain('{types}');
  });

  it('goes back to the default with text null', async () => {
    await put(admin, { language: 'en', kind: 'help', text: 'WORDFM: call 555-0100. Reply STOP to opt out.' });
    expect((await rowsOf(station.station.id)).some((r) => r.language === 'en' && r.kind === 'help')).toBe(
      true,
    );
    const response = await put(admin, { language: 'en', kind: 'help', text: null });
    expect(response.statusCode).toBe(200);
    expect((await rowsOf(station.station.id)).some((r) => r.language === 'en' && r.kind === 'help')).toBe(
      false,
    );
    const phone = nextPhone();
    await createContact(db, station.station.id, { phone });
    expect(await text(phone, 'HELP')).toContain('alerts by Message Station');
  });

  it.each([
    [{ language: 'en', kind: 'help', text: 'Call us any time at 555-0100.' }, 'sms_text_missing_stop'],
    [{ language: 'en', kind: 'help', text: '   ' }, 'sms_text_empty'],
    [{ language: 'en', kind: 'help', text: `${'x'.repeat(320)} STOP` }, 'sms_text_too_long'],
    [{ language: 'en', kind: 'help', text: '{station} {types}: reply STOP' }, 'sms_text_unknown_placeholder'],
    [{ language: 'en', kind: 'confirmation', text: `${'Ünïcödé '.repeat(20)}STOP` }, 'sms_text_over_budget'],
    [{ language: 'ko', kind: 'help', text: '도움말. STOP' }, 'sms_text_language_not_supported'],
  ])('refuses %j with %s and writes nothing', async (body, code) => {
    const before = await rowsOf(station.station.id);
    const response = await put(admin, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code });
    expect(response.json().error).toEqual(expect.any(String));
    expect(await rowsOf(station.station.id)).toEqual(before);
  });

  it.each([
    [{ language: 'xx', kind: 'help', text: 'STOP' }],
    [{ language: 'en', kind: 'goodbye', text: 'STOP' }],
    [{ language: 'en', kind: 'help' }],
  ])('answers 400 to a malformed request %j', async (body) => {
    const response = await put(admin, body);
    expect(response.statusCode).toBe(400);
  });

  it('answers 403 to a standard user, for reading and writing', async () => {
    const user = new TestClient(app);
    await user.login('user@demo.test');
    expect((await user.get('/admin/api/settings/sms-texts')).statusCode).toBe(403);
    const before = await db.select().from(stationSmsTexts);
    expect((await put(user, { language: 'en', kind: 'help', text: 'Reply STOP' })).statusCode).toBe(403);
    expect(await db.select().from(stationSmsTexts)).toEqual(before);
  });
});
