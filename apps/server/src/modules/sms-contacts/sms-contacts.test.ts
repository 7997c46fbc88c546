import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.js';
import { consentEvents, outboxMessages, smsContactPreferences, smsContacts } from '../../db/schema/index.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createContact, createStationWithAdmin } from '../../test/factories.js';

function multipart(parts: { name: string; filename?: string; value: string | Buffer }[]) {
  const boundary = '----mscsv';
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n${p.filename ? 'Content-Type: text/csv\r\n' : ''}\r\n`,
    ),
    Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
    Buffer.from('\r\n'),
  ]);
  return {
    body: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('SMS contacts (staff)', async () => {
  const { app, db } = await createTestApp();
  const mine = await createStationWithAdmin(db, { slug: 'minefm', languages: ['en', 'es'] });
  const demoId = mine.station.id;
  const other = await createStationWithAdmin(db, { slug: 'otherfm' });
  const staff = new TestClient(app);
  await staff.login(mine.adminEmail);
  const otherAdmin = new TestClient(app);
  await otherAdmin.login(other.adminEmail);

  const ana = await createContact(db, demoId, {
    phone: '+14155551001',
    name: 'Ana Ruiz',
    choices: [
      { messageType: 'emergency', language: 'es' },
      { messageType: 'alert', language: 'es' },
    ],
  });
  await createContact(db, demoId, { phone: '+14155551002', name: 'Ben Cho', status: 'paused' });
  const gone = await createContact(db, demoId, {
    phone: '+14155551003',
    name: 'Cy Out',
    status: 'opted_out',
  });
  const elsewhere = await createContact(db, other.station.id, { phone: '+14155551001', name: 'Other Ana' });

  const importCsv = (client: TestClient, csv: string | Buffer, dryRun: boolean, attested = true) => {
    const { body, headers } = multipart([
      { name: 'file', filename: 'contacts.csv', value: csv },
      ...(attested ? [{ name: 'consent_attested', value: 'true' }] : []),
    ]);
    return client.request({
      method: 'POST',
      url: `/admin/api/sms-contacts/import?dry_run=${dryRun}`,
      body,
      headers,
    });
  };

  it('lists the station’s contacts with preferences by type and the total in X-Total-Count', async () => {
    const response = await staff.get('/admin/api/sms-contacts');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('3');
    const list = response.json();
    expect(list.map((c: { name: string }) => c.name).sort()).toEqual(['Ana Ruiz', 'Ben Cho', 'Cy Out']);
    const a = list.find((c: { id: string }) => c.id === ana.id);
    expect(a).toMatchObject({ phone: '+14155551001', status: 'active', is_verified: true, language: 'es' });
    expect(a.message_preferences).toEqual({
      emergency: { subscribed: true, language: 'es' },
      alert: { subscribed: true, language: 'es' },
      station: { subscribed: false, language: 'es' },
      informational: { subscribed: false, language: 'es' },
    });
  });

  it('searches by name or phone digits and pages on the server', async () => {
    const byName = await staff.get('/admin/api/sms-contacts?search=ben');
    expect(byName.json().map((c: { name: string }) => c.name)).toEqual(['Ben Cho']);
    const byPhone = await staff.get('/admin/api/sms-contacts?search=(415)%20555-1003');
    expect(byPhone.json().map((c: { name: string }) => c.name)).toEqual(['Cy Out']);
    const page = await staff.get('/admin/api/sms-contacts?limit=2&offset=2');
    expect(page.json()).toHaveLength(1);
    expect(page.headers['x-total-count']).toBe('3');
    const wild = await staff.get('/admin/api/sms-contacts?search=%25');
    expect(wild.json()).toHaveLength(0);
  });

  it('counts the matches of a status filter and a search, and the counts follow a change of status', async () => {
    const total = async (query: string) =>
      (await staff.get(`/admin/api/sms-contacts?limit=1${query}`)).headers['x-total-count'];
    const before = { active: await total('&status=active'), paused: await total('&status=paused') };
    expect(await total('&search=ana')).toBe('1');
    const paused = await staff.request({
      method: 'PUT',
      url: `/admin/api/sms-contacts/${ana.id}/status`,
      body: { status: 'paused' },
    });
    expect(paused.statusCode).toBe(200);
    expect(await total('&status=active')).toBe(String(Number(before.active) - 1));
    expect(await total('&status=paused')).toBe(String(Number(before.paused) + 1));
    expect(await total('')).toBe('3');
    await staff.request({
      method: 'PUT',
      url: `/admin/api/sms-contacts/${ana.id}/status`,
      body: { status: 'active' },
    });
    expect(await total('&status=active')).toBe(before.active);
  });

  it('changes preferences, checking types and the station’s languages', async () => {
    const response = await staff.request({
      method: 'PUT',
      url: `/admin/api/sms-contacts/${ana.id}/preferences`,
      body: {
        message_preferences: {
          emergency: { subscribed: true, language: 'en' },
          alert: { subscribed: false, language: 'es' },
          station: { subscribed: true, language: 'es' },
        },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message_preferences.station).toEqual({ subscribed: true, language: 'es' });
    const rows = await db
      .select()
      .from(smsContactPreferences)
      .where(eq(smsContactPreferences.contactId, ana.id));
    expect(rows.map((r) => [r.messageType, r.language]).sort()).toEqual([
      ['emergency', 'en'],
      ['station', 'es'],
    ]);
    const bad = await staff.request({
      method: 'PUT',
      url: `/admin/api/sms-contacts/${ana.id}/preferences`,
      body: { message_preferences: { emergency: { subscribed: true, language: 'ko' } } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('The language "ko" is not offered by this station.');
  });

  it('refuses to leave a contact who receives alerts with no alert type; one who opted out may hold none', async () => {
    const none = {
      message_preferences: {
        emergency: { subscribed: false, language: 'en' },
        alert: { subscribed: false, language: 'en' },
        station: { subscribed: false, language: 'en' },
        informational: { subscribed: false, language: 'en' },
      },
    };
    const before = await db
      .select()
      .from(smsContactPreferences)
      .where(eq(smsContactPreferences.contactId, ana.id));
    const refused = await staff.request({
      method: 'PUT',
      url: `/admin/api/sms-contacts/${ana.id}/preferences`,
      body: none,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'contact_needs_alert_type',
      error:
        'A contact who receives alerts needs at least one alert type. To stop their alerts, pause the contact.',
    });
    const after = await db
      .select()
      .from(smsContactPreferences)
      .where(eq(smsContactPreferences.contactId, ana.id));
    expect(after).toHaveLength(before.length);
    expect(after.length).toBeGreaterThan(0);

    const optedOut = await staff.request({
      method: 'PUT',
      url: `/admin/api/sms-contacts/${gone.id}/preferences`,
      body: none,
    });
    expect(optedOut.statusCode).toBe(200);
    expect(
      Object.values(optedOut.json().message_preferences).some(
        (p) => (p as { subscribed: boolean }).subscribed,
      ),
    ).toBe(false);
  });

  it('pauses and resumes, but never resumes someone who opted out', async () => {
    const pause = await staff.request({
      method: 'PUT',
      url: `/admin/api/sms-contacts/${ana.id}/status`,
      body: { status: 'paused' },
    });
    expect(pause.json().status).toBe('paused');
    const resume = await staff.request({
      method: 'PUT',
      url: `/admin/api/sms-contacts/${ana.id}/status`,
      body: { status: 'active' },
    });
    expect(resume.json().status).toBe('active');
    const forced = await staff.request({
      method: 'PUT',
      url: `/admin/api/sms-contacts/${gone.id}/status`,
      body: { status: 'active' },
    });
    expect(forced.statusCode).toBe(409);
    expect(forced.json().error).toContain('Only they can opt back in');
    const invalid = await staff.request({
      method: 'PUT',
      url: `/admin/api/sms-contacts/${ana.id}/status`,
      body: { status: 'opted_out' },
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('answers 404 for another station’s contact on every endpoint', async () => {
    const id = elsewhere.id;
    const calls = [
      staff.request({
        method: 'PUT',
        url: `/admin/api/sms-contacts/${id}/status`,
        body: { status: 'paused' },
      }),
      staff.request({
        method: 'PUT',
        url: `/admin/api/sms-contacts/${id}/preferences`,
        body: { message_preferences: { emergency: { subscribed: true, language: 'en' } } },
      }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'Contact not found' });
    }
    const [still] = await db.select().from(smsContacts).where(eq(smsContacts.id, id));
    expect(still?.status).toBe('active');
    const theirs = await otherAdmin.get('/admin/api/sms-contacts');
    expect(theirs.json().map((c: { id: string }) => c.id)).toEqual([id]);
  });

  it('needs a signed-in user, and a standard user may manage contacts', async () => {
    expect((await app.inject({ url: '/admin/api/sms-contacts' })).statusCode).toBe(401);
    const standard = new TestClient(app);
    await standard.login('user@demo.test');
    const list = await standard.get('/admin/api/sms-contacts');
    expect(list.statusCode).toBe(200);
    // The demo station's own seeded subscribers, none of minefm's.
    expect(list.json().map((c: { phone: string }) => c.phone)).not.toContain('+14155551001');
  });

  it('adds a contact with attested consent: pending, a YES request by text, and a consent record', async () => {
    const response = await staff.post('/admin/api/sms-contacts', {
      name: 'Dee New',
      phone: '(415) 555-1010',
      message_preferences: { emergency: { subscribed: true, language: 'es' } },
      consent_attested: true,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Dee New',
      phone: '+14155551010',
      status: 'pending',
      is_verified: false,
    });
    const [text] = await db.select().from(outboxMessages).where(eq(outboxMessages.to, '+14155551010'));
    // In the language of the contact's first type (Spanish here).
    expect(text?.body).toContain('Responda SI o YES para confirmar');
    const [consent] = await db.select().from(consentEvents).where(eq(consentEvents.phone, '+14155551010'));
    expect(consent).toMatchObject({
      event: 'opt_in',
      source: 'staff',
      actorUserId: mine.admin.id,
      detail:
        'I confirm this person agreed to receive SMS alerts from MINEFM Radio and I can show their consent if asked.',
    });

    const again = await staff.post('/admin/api/sms-contacts', {
      phone: '4155551010',
      message_preferences: { emergency: { subscribed: true, language: 'en' } },
      consent_attested: true,
    });
    expect(again.statusCode).toBe(409);
    const unattested = await staff.post('/admin/api/sms-contacts', {
      phone: '4155551011',
      message_preferences: { emergency: { subscribed: true, language: 'en' } },
      consent_attested: false,
    });
    expect(unattested.statusCode).toBe(400);
    expect(unattested.json().error).toBe('Please confirm that this person agreed to receive SMS alerts.');

    const contacts = (await db.select().from(smsContacts)).length;
    const texts = (await db.select().from(outboxMessages)).length;
    for (const phone of ['+44 20 7946 0958', '011 44 20 7946 0958', '+33 7 81 23 45 67']) {
      const british = await staff.post('/admin/api/sms-contacts', {
        phone,
        message_preferences: { emergency: { subscribed: true, language: 'en' } },
        consent_attested: true,
      });
      expect(british.statusCode).toBe(400);
      expect(british.json().error).toBe('Only US phone numbers (+1) can be used.');
    }
    expect(await db.select().from(smsContacts)).toHaveLength(contacts);
    expect(await db.select().from(outboxMessages)).toHaveLength(texts);
  });

  it('previews a CSV import row by row, then imports only the valid rows', async () => {
    const csv = [
      '\uFEFFname,phone,language,types',
      '"Lopez, Maria",(415) 555-2001,es,emergency;alert',
      '',
      'Kim,415-555-2002,,',
      'Bad Phone,555-12,en,emergency',
      'Dup,(415) 555-2001,en,emergency',
      'Existing,+14155551001,en,emergency',
      'Wrong Lang,4155552003,ko,emergency',
      'Wrong Type,4155552004,en,weather',
      'Paris,+33 7 81 23 45 67,en,emergency',
    ].join('\r\n');
    const preview = await importCsv(staff, csv, true);
    expect(preview.statusCode).toBe(200);
    const report = preview.json();
    expect(report).toMatchObject({ total: 8, valid: 2, invalid: 6, imported: 0, verified: 0 });
    expect(report.rows.map((r: { line: number; error: string | null }) => [r.line, r.error])).toEqual([
      [2, null],
      [4, null],
      [5, 'Invalid US phone number'],
      [6, 'Duplicate of an earlier row'],
      [7, 'Already a contact of this station'],
      [8, 'Unknown language "ko"'],
      [9, 'Unknown message type "weather"'],
      [10, 'Only US phone numbers (+1) can be used.'],
    ]);
    // The page words each refusal from its code and params.
    expect(
      report.rows.map((r: { error_code: string | null; error_params: unknown }) => [
        r.error_code,
        r.error_params,
      ]),
    ).toEqual([
      [null, null],
      [null, null],
      ['phone_invalid', null],
      ['duplicate_row', null],
      ['already_contact', null],
      ['unknown_language', { language: 'ko' }],
      ['unknown_type', { type: 'weather' }],
      ['phone_not_us', null],
    ]);
    expect(report.rows[0]).toMatchObject({
      name: 'Lopez, Maria',
      language: 'es',
      message_types: ['emergency', 'alert'],
    });
    expect(report.rows[1]).toMatchObject({
      language: 'en',
      message_types: ['emergency', 'alert', 'station', 'informational'],
    });
    expect(await db.select().from(smsContacts).where(eq(smsContacts.phone, '+14155552001'))).toHaveLength(0);

    expect((await importCsv(staff, csv, false, false)).statusCode).toBe(400);
    const done = await importCsv(staff, csv, false);
    expect(done.json()).toMatchObject({ imported: 2 });
    const [maria] = await db.select().from(smsContacts).where(eq(smsContacts.phone, '+14155552001'));
    expect(maria).toMatchObject({
      name: 'Lopez, Maria',
      status: 'active',
      isVerified: true,
      source: 'import',
      language: 'es',
    });
    expect(maria?.verifiedAt).toBeInstanceOf(Date);
    const [record] = await db.select().from(consentEvents).where(eq(consentEvents.phone, '+14155552001'));
    expect(record).toMatchObject({
      event: 'opt_in',
      source: 'import',
      actorUserId: mine.admin.id,
      detail:
        'I confirm these people agreed to receive SMS alerts from MINEFM Radio and I can show their consent if asked.',
    });
  });

  it('imports 10,000 rows in one step', async () => {
    const lines = ['name,phone,language,types'];
    for (let i = 0; i < 10_000; i++)
      lines.push(
        `Person ${i},(212) ${String(200 + Math.floor(i / 10000)).padStart(3, '0')}-${String(i).padStart(4, '0')},en,emergency`,
      );
    const response = await importCsv(otherAdmin, lines.join('\n'), false);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ total: 10_000, valid: 10_000, imported: 10_000 });
    const list = await otherAdmin.get('/admin/api/sms-contacts?limit=1&search=212');
    expect(list.headers['x-total-count']).toBe('10000');
    // The imported names and numbers are in the search's trigram indexes themselves, not in a
    // pending list every search would scan until a vacuum (decision 0075): nothing is left to merge.
    const pending = rowsOf<{ name: number; phone: number }>(
      await db.execute(sql`select gin_clean_pending_list('sms_contacts_name_trgm_idx'::regclass) as name,
        gin_clean_pending_list('sms_contacts_phone_trgm_idx'::regclass) as phone`),
    );
    expect(pending.map((r) => ({ name: Number(r.name), phone: Number(r.phone) }))).toEqual([
      { name: 0, phone: 0 },
    ]);
  });

  it('refuses a file with too many rows or that is not CSV', async () => {
    const lines = ['name,phone'];
    for (let i = 0; i < 10_001; i++) lines.push(`P,212555${String(i % 10000).padStart(4, '0')}`);
    const big = await importCsv(staff, lines.join('\n'), true);
    expect(big.statusCode).toBe(400);
    expect(big.json().error).toContain('at most 10000');
    const broken = await importCsv(staff, 'name,phone\n"unclosed,4155550000', true);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toMatch(/not valid CSV/);
  });
});
