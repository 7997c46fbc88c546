// The contacts export as an admin downloads it and opens it in a spreadsheet: every contact of the
// station matching the filter (none of another station's), their preferences per message type and
// their consent dates; no cell can start a formula; admins only.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consentEvents, smsContacts } from '../../db/schema/index.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createStationWithAdmin } from '../../test/factories.js';

/** The file's rows as cells (the test's own cells hold no commas or quotes but the formula one). */
function parse(text: string) {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).split('\r\n').filter(Boolean);
  const split = (line: string) =>
    [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
      .map((m) => m[1] as string)
      .slice(0, -1)
      .map((cell) => (cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell));
  const [header, ...rows] = lines.map(split);
  return (header ?? []).length
    ? rows.map((row) => Object.fromEntries((header ?? []).map((h, i) => [h, row[i]])))
    : [];
}

describe('SMS contacts export', async () => {
  const { app, db } = await createTestApp();
  const mine = await createStationWithAdmin(db, { slug: 'exportfm', languages: ['en', 'es'] });
  const other = await createStationWithAdmin(db, { slug: 'exportother' });
  const admin = new TestClient(app);
  await admin.login(mine.adminEmail);
  const otherAdmin = new TestClient(app);
  await otherAdmin.login(other.adminEmail);

  const add = async (client: TestClient, name: string, phone: string, language: string) => {
    const response = await client.post('/admin/api/sms-contacts', {
      name,
      phone,
      message_preferences: {
        emergency: { subscribed: true, language },
        alert: { subscribed: language === 'es', language },
      },
      consent_attested: true,
    });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  };
  const rosa = await add(admin, 'Rosa Martinez', '(415) 555-2001', 'es');
  await add(admin, '=HYPERLINK("http://evil.example","click")', '(415) 555-2002', 'en');
  await add(otherAdmin, 'Someone Else', '(415) 555-2003', 'en');
  // Staff attested Rosa's consent when adding her (an opt-in now); she had joined on the web page
  // before, and opts out by keyword later: the export shows the latest of each.
  const optedOutAt = new Date(Date.now() + 60_000);
  await db.insert(consentEvents).values([
    {
      stationId: mine.station.id,
      contactId: rosa,
      phone: '+14155552001',
      event: 'opt_in',
      source: 'web_join',
      createdAt: new Date('2026-11-20T10:00:00Z'),
    },
    {
      stationId: mine.station.id,
      contactId: rosa,
      phone: '+14155552001',
      event: 'opt_out',
      source: 'keyword',
      createdAt: optedOutAt,
    },
  ]);
  await db.update(smsContacts).set({ status: 'opted_out' }).where(eq(smsContacts.id, rosa));

  it("downloads every contact of the station with preferences and consent dates, none of another's", async () => {
    const response = await admin.get('/admin/api/sms-contacts.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="sms-contacts-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parse(response.body);
    expect(rows.map((r) => r.phone).sort()).toEqual(['+14155552001', '+14155552002']);
    const rosaRow = rows.find((r) => r.phone === '+14155552001');
    const [attested] = await db
      .select()
      .from(consentEvents)
      .where(and(eq(consentEvents.contactId, rosa), eq(consentEvents.source, 'staff')));
    expect(rosaRow).toMatchObject({
      name: 'Rosa Martinez',
      language: 'es',
      status: 'opted_out',
      source: 'staff',
      last_opt_in_utc: attested?.createdAt.toISOString(),
      last_opt_out_utc: optedOutAt.toISOString(),
      type_emergency: 'es',
      type_alert: 'es',
      type_station: '',
    });
    expect(rosaRow?.signed_up_at_utc).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('defuses a name that would run as a formula in a spreadsheet', async () => {
    const rows = parse((await admin.get('/admin/api/sms-contacts.csv')).body);
    expect(rows.find((r) => r.phone === '+14155552002')?.name).toBe(
      `'=HYPERLINK("http://evil.example","click")`,
    );
  });

  it('exports what the list shows: the same search and status filter', async () => {
    const optedOut = parse((await admin.get('/admin/api/sms-contacts.csv?status=opted_out')).body);
    expect(optedOut.map((r) => r.name)).toEqual(['Rosa Martinez']);
    const searched = parse((await admin.get('/admin/api/sms-contacts.csv?search=rosa')).body);
    expect(searched.map((r) => r.phone)).toEqual(['+14155552001']);
    expect((await admin.get('/admin/api/sms-contacts.csv?status=gone')).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    // The demo station's standard user (seeded).
    const staff = new TestClient(app);
    await staff.login('user@demo.test');
    expect((await staff.get('/admin/api/sms-contacts.csv')).statusCode).toBe(403);
    expect((await new TestClient(app).get('/admin/api/sms-contacts.csv')).statusCode).toBe(401);
  });
});
