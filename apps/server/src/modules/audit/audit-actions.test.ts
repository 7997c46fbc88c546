// More of what the audit log records, each by doing the action: a sign-in with a second factor,
// contacts added and imported, a Stripe payment, a station's own SMS sender, an admin's reset link.
import { ADMIN_RESET_CAPTCHA_TOKEN, type TAuditEntry, type TAuditPage } from '@message-station/shared';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { createTestApp, TestClient } from '../../test/app.js';
import { importContactsCsv } from '../../test/contacts-import.js';
import { createStationWithAdmin } from '../../test/factories.js';

let clock = new Date('2026-11-23T18:00:00Z');

describe('audit log: more actions', async () => {
  const { app, db } = await createTestApp({ now: () => clock });
  const other = await createStationWithAdmin(db, { slug: 'other' });
  const admin = new TestClient(app);
  await admin.login('admin@demo.test');

  async function entries(client: TestClient, action: string): Promise<TAuditEntry[]> {
    const response = await client.get(`/admin/api/audit?action=${action}`);
    expect(response.statusCode).toBe(200);
    return (response.json() as TAuditPage).entries;
  }

  it('records a two-factor sign-in at the code step: a wrong code fails, the right one signs in', async () => {
    const owner = new TestClient(app);
    await owner.login(other.adminEmail);
    const setup = (await owner.post('/admin/api/account/two-factor/setup')).json() as { secret: string };
    const code = () =>
      new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate({ timestamp: clock.getTime() });
    expect((await owner.post('/admin/api/account/two-factor/enable', { code: code() })).statusCode).toBe(200);
    const enabled = await entries(owner, 'account');
    expect(enabled.map((e) => [e.action, e.actor?.email])).toEqual([
      ['account.two_factor_enabled', other.adminEmail],
    ]);

    // A later step of the authenticator: the code that enabled it cannot be used again.
    clock = new Date(clock.getTime() + 60_000);
    const before = (await entries(owner, 'auth.signed_in')).length;
    const browser = new TestClient(app, '203.0.113.20');
    await browser.get('/auth/session');
    const password = await browser.post('/auth/login', { email: other.adminEmail, password: 'demo1234' });
    expect(password.json()).toEqual({ twoFactorRequired: true });
    // The password alone signs no one in: nothing new yet.
    expect(await entries(owner, 'auth.signed_in')).toHaveLength(before);

    const wrong = await browser.post('/auth/login/two-factor', {
      code: code() === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(401);
    const failed = (await entries(owner, 'auth.sign_in_failed'))[0];
    expect(failed).toMatchObject({ actor: null, ip: '203.0.113.20', details: { label: other.adminEmail } });

    expect((await browser.post('/auth/login/two-factor', { code: code() })).statusCode).toBe(200);
    const signedIn = (await entries(owner, 'auth.signed_in'))[0];
    expect(signedIn).toMatchObject({
      actor: { email: other.adminEmail },
      ip: '203.0.113.20',
      details: { label: other.adminEmail, two_factor: true },
    });
  });

  it('records a contact added and a real import with its counts; a dry run records nothing', async () => {
    const added = await admin.post('/admin/api/sms-contacts', {
      name: 'Rosa Diaz',
      phone: '(312) 555-0101',
      message_preferences: { emergency: { subscribed: true, language: 'es' } },
      consent_attested: true,
    });
    expect(added.statusCode).toBe(201);
    const [contactEntry] = await entries(admin, 'contact');
    expect(contactEntry).toMatchObject({
      action: 'contact.added',
      target_type: 'contact',
      target_id: added.json().id,
      details: { label: 'Rosa Diaz' },
    });

    const csv = 'name,phone,language,types\nTom Lee,312-555-0102,en,emergency\nBad,555-01,en,\n';
    expect((await importContactsCsv(admin, csv, true)).statusCode).toBe(200);
    expect(await entries(admin, 'contacts')).toEqual([]);
    expect((await importContactsCsv(admin, csv, false)).statusCode).toBe(200);
    const imports = await entries(admin, 'contacts');
    expect(imports.map((e) => [e.action, e.details])).toEqual([
      ['contacts.imported', { imported: 1, verified: 0, invalid: 1 }],
    ]);
  });

  it('records a Stripe payment on the station it paid for, with no person as actor', async () => {
    const stationId = (await admin.get('/admin/api/billing')).json().stationID as string;
    const paid = await admin.post('/dev/api/stripe/checkout', {
      kind: 'credits',
      client_reference_id: stationId,
      packs: 1,
    });
    expect(paid.statusCode).toBe(200);
    const [billing] = await entries(admin, 'billing');
    expect(billing).toMatchObject({
      action: 'billing.changed',
      actor: null,
      details: { event_type: 'checkout.session.completed', outcome: paid.json().outcome },
    });
    // Nothing of it on the other station.
    const superadmin = new TestClient(app);
    await superadmin.login('superadmin@demo.test');
    await superadmin.post(`/admin/api/superadmin/switch-station/${other.station.id}`);
    expect(await entries(superadmin, 'billing')).toEqual([]);
  });

  it("records a station's own SMS sender, before and after, on that station", async () => {
    const superadmin = new TestClient(app);
    await superadmin.login('superadmin@demo.test');
    const saved = await superadmin.request({
      method: 'PUT',
      url: `/admin/api/superadmin/stations/${other.station.id}/sms-sending`,
      body: { sms_sender: '+14155550199', sms_rate_per_second: 5 },
    });
    expect(saved.statusCode).toBe(200);
    // Read as its admin would: a superadmin viewing the station sees the station's log.
    await superadmin.post(`/admin/api/superadmin/switch-station/${other.station.id}`);
    const [sending] = await entries(superadmin, 'sms_sending');
    expect(sending).toMatchObject({
      action: 'sms_sending.updated',
      actor: { email: 'superadmin@demo.test', is_superadmin: true },
      details: {
        before: { sms_sender: null, sms_rate_per_second: null },
        after: { sms_sender: '+14155550199', sms_rate_per_second: 5 },
      },
    });
    expect(await entries(admin, 'sms_sending')).toEqual([]);
  });

  it('records an admin sending a user a reset link, by the admin, about the user', async () => {
    const sent = await admin.post('/auth/password-reset/request', {
      email: 'user@demo.test',
      turnstileToken: ADMIN_RESET_CAPTCHA_TOKEN,
    });
    expect(sent.statusCode).toBe(200);
    const [reset] = await entries(admin, 'auth.password_reset_requested');
    expect(reset).toMatchObject({
      actor: { email: 'admin@demo.test' },
      target_type: 'user',
      details: { label: 'user@demo.test', by_admin: true },
    });
  });
});
