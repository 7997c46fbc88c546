import { SETTINGS_ERRORS } from '@message-station/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { smsContactPreferences, smsContacts } from '../../db/schema/index.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createContact, createStationWithAdmin } from '../../test/factories.js';

const valid = {
  display_name: 'KQED Community Radio',
  brand_color: '#AA3300',
  primary_language: 'en',
  privacy_policy_url: 'https://kqed.example.org/privacy',
  terms_url: 'https://kqed.example.org/terms',
  supported_languages: ['en', 'es', 'ko'],
  sms_enabled: true,
  signup_enabled: false,
};

describe('station settings', async () => {
  const { app, db } = await createTestApp();
  const admin = new TestClient(app);
  await admin.login('admin@demo.test');
  const put = (client: TestClient, body: unknown) =>
    client.request({ method: 'PUT', url: '/admin/api/station/settings', body });

  it('answers the settings with the public join and unsubscribe addresses', async () => {
    const response = await admin.get('/admin/api/station/settings');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Demo Radio',
      slug: 'demo',
      station_slug: 'demo',
      display_name: 'Demo Radio',
      brand_color: '#007bff',
      primary_language: 'en',
      supported_languages: ['en', 'es'],
      signup_enabled: true,
      sms_enabled: true,
      sms_credits: 500,
      join_url: 'http://localhost:3000/join/demo',
      unsubscribe_url: 'http://localhost:3000/unsubscribe/demo',
    });
  });

  it('saves branding, languages and switches; the name never changes', async () => {
    const response = await put(admin, { ...valid, name: 'Renamed' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Demo Radio',
      display_name: 'KQED Community Radio',
      brand_color: '#aa3300',
      supported_languages: ['en', 'es', 'ko'],
      sms_enabled: true,
      signup_enabled: false,
      moved_subscriptions: 0,
    });
    expect((await admin.get('/auth/session')).json().stationName).toBe('KQED Community Radio');
    const join = await app.inject({ url: '/subscribe/demo/info' });
    expect(join.json().station.languages.map((l: { language_code: string }) => l.language_code)).toEqual([
      'en',
      'es',
      'ko',
    ]);
  });

  it.each([
    [{ display_name: '   ' }, SETTINGS_ERRORS.displayName],
    [{ privacy_policy_url: ' ' }, SETTINGS_ERRORS.privacyUrl],
    [{ terms_url: '' }, SETTINGS_ERRORS.termsUrl],
    [{ terms_url: 'javascript:alert(1)' }, 'Terms URL must be a valid http(s) URL.'],
    [{ primary_language: 'fr' }, SETTINGS_ERRORS.primaryNotSupported],
    [{ supported_languages: [] }, SETTINGS_ERRORS.noLanguage],
    [{ supported_languages: ['en', 'xx'] }, 'Supported languages must be among'],
    [{ brand_color: 'blue' }, 'Brand color must be a hex color such as #007bff.'],
  ])('refuses %j with its text and changes nothing', async (change, text) => {
    const before = (await admin.get('/admin/api/station/settings')).json();
    const response = await put(admin, { ...valid, display_name: 'Changed', ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(text);
    expect((await admin.get('/admin/api/station/settings')).json()).toEqual(before);
  });

  it('moves subscribers of a removed language to the primary language', async () => {
    const settings = (await admin.get('/admin/api/station/settings')).json();
    const contact = await createContact(db, settings.id, {
      phone: '+12125550190',
      choices: [
        { messageType: 'emergency', language: 'ko' },
        { messageType: 'alert', language: 'es' },
      ],
    });
    const response = await put(admin, {
      ...valid,
      supported_languages: ['es', 'en'],
      primary_language: 'es',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      moved_subscriptions: 1,
      moved_contacts: 1,
      primary_language: 'es',
    });
    const choices = await db
      .select()
      .from(smsContactPreferences)
      .where(eq(smsContactPreferences.contactId, contact.id));
    expect(choices.map((c) => [c.messageType, c.language]).sort()).toEqual([
      ['alert', 'es'],
      ['emergency', 'es'],
    ]);
    const [row] = await db.select().from(smsContacts).where(eq(smsContacts.id, contact.id));
    expect(row?.language).toBe('es');
  });

  it('is for admins only and acts on the caller’s own station', async () => {
    const user = new TestClient(app);
    await user.login('user@demo.test');
    expect((await user.get('/admin/api/station/settings')).statusCode).toBe(403);
    expect((await put(user, valid)).statusCode).toBe(403);
    await createStationWithAdmin(db, { slug: 'other' });
    const other = new TestClient(app);
    await other.login('admin@other.test');
    await put(other, { ...valid, display_name: 'Other Station' });
    expect((await admin.get('/admin/api/station/settings')).json().display_name).not.toBe('Other Station');
    expect((await new TestClient(app).get('/admin/api/station/settings')).statusCode).toBe(401);
  });
});
