// The staff's next step after a CSV import: the Send confirmation, the send and the dashboard
// count the imported contacts, as the import screen promises (decision 0017).
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consentEvents, smsContacts, smsDeliveries } from '../../db/schema/index.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { importContactsCsv } from '../../test/contacts-import.js';
import { createContact, createStationWithAdmin } from '../../test/factories.js';
import { createMessage } from '../../test/messages-factory.js';

const ATTESTATION =
  'I confirm these people agreed to receive SMS alerts from IMPORTFM Radio and I can show their consent if asked.';

describe('imported contacts receive alerts', async () => {
  const { app, db } = await createTestApp();
  const {
    station,
    admin: adminUser,
    adminEmail,
  } = await createStationWithAdmin(db, {
    slug: 'importfm',
    languages: ['en', 'es'],
  });
  const admin = new TestClient(app);
  await admin.login(adminEmail);
  const neighbour = await createStationWithAdmin(db, { slug: 'neighbourfm' });

  // Imported before imports verified contacts: active but unverified, so never in an audience.
  const earlier = await createContact(db, station.id, {
    phone: '+13125550190',
    source: 'import',
    verified: false,
  });
  await createContact(db, station.id, {
    phone: '+13125550191',
    source: 'import',
    status: 'opted_out',
    verified: false,
  });
  // The same number imported, unverified, at another station: this import must not touch it.
  const theirs = await createContact(db, neighbour.station.id, {
    phone: '+13125550103',
    source: 'import',
    verified: false,
  });
  const message = await createMessage(db, station.id, {
    title: 'Flood warning',
    original: 'Flood warning until 6 PM.',
    translations: { es: 'Aviso de inundación hasta las 6 PM.' },
  });
  const preview = async () => (await admin.get(`/admin/api/messages/${message.id}/send-sms/preview`)).json();
  const dashboard = async () => (await admin.get('/admin/api/dashboard-stats')).json().stats;

  const csv = [
    'name,phone,language,types',
    'Rosa Diaz,(312) 555-0101,es,emergency;alert',
    'Tom Lee,312-555-0102,en,',
    'Ana Neighbour,312-555-0103,en,emergency',
    'Alert Only,312-555-0104,en,alert',
    'Earlier Import,312-555-0190,en,emergency',
    'Opted Out,312-555-0191,en,emergency',
    'Bad,555-01,en,',
  ].join('\n');

  const before = { preview: await preview(), dashboard: await dashboard() };
  const check = await importContactsCsv(admin, csv, true);
  const done = await importContactsCsv(admin, csv, false);

  it('counted no one before, and the dry run says which rows add and which verify', () => {
    expect(before.preview.error).toBe('No active subscribers receive emergency messages yet.');
    expect(before.dashboard).toMatchObject({ subscriberCount: 2, activeSubscribers: 0 });
    const report = check.json();
    expect(report).toMatchObject({ total: 7, valid: 5, invalid: 2, imported: 0, verified: 0 });
    const results = report.rows.map(
      (r: { line: number; error: string | null; verifies_existing: boolean }) => [
        r.line,
        r.error,
        r.verifies_existing,
      ],
    );
    expect(results).toEqual([
      [2, null, false],
      [3, null, false],
      [4, null, false],
      [5, null, false],
      [6, null, true],
      [7, 'Already a contact of this station', false],
      [8, 'Invalid US phone number', false],
    ]);
  });

  it('imports active, verified contacts that the Send confirmation, the send and the dashboard count', async () => {
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ valid: 5, imported: 4, verified: 1 });

    // Emergency: Rosa (es), Tom (every active type), Ana and the earlier import; not Alert Only.
    const confirmation = await preview();
    expect(confirmation).toMatchObject({ recipients: 4 });
    const byLanguage = Object.fromEntries(
      confirmation.languages.map((l: { language: string; recipients: number }) => [l.language, l.recipients]),
    );
    expect(byLanguage).toEqual({ en: 3, es: 1 });

    // Those who receive alerts: the five imported (Alert Only too); every contact: the list's total.
    const list = await admin.get('/admin/api/sms-contacts?limit=1');
    expect(await dashboard()).toMatchObject({
      activeSubscribers: 5,
      subscriberCount: Number(list.headers['x-total-count']),
    });

    const sent = await admin.post(`/admin/api/messages/${message.id}/send-sms`, undefined, {
      'idempotency-key': 'import-to-send-1',
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ sent_count: 4 });
    const rows = await db.select().from(smsDeliveries).where(eq(smsDeliveries.stationId, station.id));
    expect(rows.map((r) => [r.phone, r.language]).sort()).toEqual([
      ['+13125550101', 'es'],
      ['+13125550102', 'en'],
      ['+13125550103', 'en'],
      ['+13125550190', 'en'],
    ]);
  });

  it('records the attestation for each contact it adds or verifies, and no more', async () => {
    const records = await db.select().from(consentEvents).where(eq(consentEvents.stationId, station.id));
    expect(records.map((r) => r.phone).sort()).toEqual([
      '+13125550101',
      '+13125550102',
      '+13125550103',
      '+13125550104',
      '+13125550190',
    ]);
    for (const record of records) {
      expect(record).toMatchObject({
        event: 'opt_in',
        source: 'import',
        detail: ATTESTATION,
        actorUserId: adminUser.id,
      });
    }
    const [verified] = await db.select().from(smsContacts).where(eq(smsContacts.id, earlier.id));
    expect(verified).toMatchObject({ status: 'active', isVerified: true });
    expect(verified?.verifiedAt).toBeInstanceOf(Date);
  });

  it('leaves an opted-out number and the same number at another station as they were', async () => {
    const [optedOut] = await db
      .select()
      .from(smsContacts)
      .where(and(eq(smsContacts.stationId, station.id), eq(smsContacts.phone, '+13125550191')));
    expect(optedOut).toMatchObject({ status: 'opted_out', isVerified: false });
    const [elsewhere] = await db.select().from(smsContacts).where(eq(smsContacts.id, theirs.id));
    expect(elsewhere).toMatchObject({ isVerified: false, verifiedAt: null });
    const stranger = await admin.request({
      method: 'PUT',
      url: `/admin/api/sms-contacts/${theirs.id}/status`,
      body: { status: 'paused' },
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('keeps a contact added by hand out of the audience until they reply YES', async () => {
    const added = await admin.post('/admin/api/sms-contacts', {
      phone: '(312) 555-0150',
      message_preferences: { emergency: { subscribed: true, language: 'en' } },
      consent_attested: true,
    });
    expect(added.json()).toMatchObject({ status: 'pending', is_verified: false });
    expect(await preview()).toMatchObject({ recipients: 4 });
    expect(await dashboard()).toMatchObject({ activeSubscribers: 5 });
  });
});
