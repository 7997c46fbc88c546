// Every text field has a ceiling (decision 0024): a value over it answers 400 with the field's
// limit in words, and nothing is written.
import { TEXT_LIMITS, type TStationSettings } from '@message-station/shared';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  contactRequests,
  messages,
  messageTypes,
  smsContacts,
  stations,
  userInvitations,
  users,
} from '../db/schema/index.js';
import { createTestApp, TestClient } from '../test/app.js';

const over = (limit: number) => 'a'.repeat(limit + 1);

describe('text over its limit', async () => {
  const { app, db } = await createTestApp();
  const admin = new TestClient(app);
  await admin.login('admin@demo.test');
  const visitor = new TestClient(app, '10.7.0.1');
  await visitor.get('/auth/session');
  const rows = async (
    table:
      | typeof messages
      | typeof users
      | typeof smsContacts
      | typeof contactRequests
      | typeof userInvitations,
  ) => (await db.select({ n: count() }).from(table))[0]?.n;

  const message = {
    title: 'Storm warning',
    original: 'Stay indoors.',
    original_language: 'en',
    target_languages: ['es'],
    message_type: 'alert',
  };

  it('a message title of 300 characters: 400, no message', async () => {
    const before = await rows(messages);
    const response = await admin.post('/admin/api/messages', { ...message, title: 'a'.repeat(300) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Title must be at most 200 characters.' });
    expect(await rows(messages)).toBe(before);
  });

  it('a message title at the limit is kept whole, trimmed of spaces', async () => {
    const title = 'a'.repeat(TEXT_LIMITS.messageTitle);
    const response = await admin.post('/admin/api/messages', { ...message, title: `  ${title}  ` });
    expect(response.statusCode).toBe(201);
    expect(response.json().title).toBe(title);
  });

  it('a message text of 2,200 characters (more than one SMS carries): 400, no message', async () => {
    const before = await rows(messages);
    const response = await admin.post('/admin/api/messages', { ...message, original: 'a'.repeat(2200) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Message text must be at most 1,600 characters.' });
    expect(await rows(messages)).toBe(before);
  });

  it('an edit to a 300-character title, a 2,200-character text or translation: 400, the message unchanged', async () => {
    const created = await admin.post('/admin/api/messages', message);
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    const edits = [
      { title: 'a'.repeat(300), error: 'Title must be at most 200 characters.' },
      { original: 'a'.repeat(2200), error: 'Message text must be at most 1,600 characters.' },
    ];
    for (const { error, ...edit } of edits) {
      const response = await admin.request({
        method: 'PUT',
        url: `/admin/api/messages/${id}`,
        body: { ...message, ...edit },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error, code: 'field_too_long' });
    }
    const translation = await admin.request({
      method: 'PUT',
      url: `/admin/api/messages/${id}/translations/es`,
      body: { translated_text: 'a'.repeat(2200) },
    });
    expect(translation.statusCode).toBe(400);
    expect(translation.json()).toMatchObject({ error: 'Translation must be at most 1,600 characters.' });
    const [after] = await db.select().from(messages).where(eq(messages.id, id));
    expect(after).toMatchObject({ title: message.title, original: message.original });
  });

  it('a search over 200 characters: 400', async () => {
    const response = await admin.get(`/admin/api/messages?search=${over(TEXT_LIMITS.search)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Search must be at most 200 characters.' });
  });

  it('a contact message of 12,000 characters, from a visitor or a station admin: 400, nothing kept', async () => {
    const before = await rows(contactRequests);
    const contact = {
      name: 'Dana',
      email: 'dana@example.org',
      category: 'other',
      subject: 'Hello',
      message: 'a'.repeat(12_000),
    };
    for (const client of [visitor, admin]) {
      const response = await client.post('/api/contact', contact);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'Message must be at most 5,000 characters.' });
    }
    expect(await rows(contactRequests)).toBe(before);
  });

  it('a user name over 100 characters: 400, no user, no invitation', async () => {
    const before = await rows(users);
    const invitationsBefore = await rows(userInvitations);
    const response = await admin.post('/admin/api/users', {
      full_name: over(TEXT_LIMITS.name),
      email: 'new.person@demo.test',
      phone_number: '(212) 555-0142',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Full name must be at most 100 characters.' });
    expect(await rows(users)).toBe(before);
    expect(await rows(userInvitations)).toBe(invitationsBefore);
  });

  it('a 500-character name on Edit User, accepting an invitation or signing up: 400, nothing changed', async () => {
    const name = 'a'.repeat(500);
    const tooLong = { error: 'Full name must be at most 100 characters.', code: 'field_too_long' };
    const [standard] = await db.select().from(users).where(eq(users.email, 'user@demo.test'));
    if (!standard) throw new Error('no standard user in the seed');
    const edit = await admin.request({
      method: 'PUT',
      url: `/admin/api/users/${standard.id}`,
      body: { full_name: name, email: standard.email, phone_number: '(212) 555-0142' },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toMatchObject(tooLong);
    const [after] = await db.select().from(users).where(eq(users.id, standard.id));
    expect(after?.fullName).toBe(standard.fullName);

    const accept = await visitor.post('/auth/invitations/accept', {
      token: 'a'.repeat(43),
      password: 'correct horse',
      full_name: name,
    });
    expect(accept.statusCode).toBe(400);
    expect(accept.json()).toMatchObject(tooLong);

    const usersBefore = await rows(users);
    const signup = await visitor.post('/api/register/start', {
      email: 'ana@kxyz.test',
      password: 'correct horse',
      phone_number: '(415) 555-0134',
      admin_full_name: name,
      billing_email: 'ana@kxyz.test',
      station_name: 'KXYZ Radio',
      display_name: 'KXYZ Radio',
      privacy_policy_url: 'https://kxyz.test/privacy',
      terms_url: 'https://kxyz.test/terms',
    });
    expect(signup.statusCode).toBe(400);
    expect(signup.json()).toMatchObject(tooLong);
    expect(await rows(users)).toBe(usersBefore);
  });

  it('an email over 254 characters: 400', async () => {
    const response = await admin.post('/admin/api/users', {
      full_name: 'New Person',
      email: `${'a'.repeat(250)}@demo.test`,
      phone_number: '(212) 555-0142',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Email must be at most 254 characters.' });
  });

  it('a display name over 100 characters: 400, the station unchanged', async () => {
    const [before] = await db
      .select({ name: stations.displayName })
      .from(stations)
      .where(eq(stations.slug, 'demo'));
    // The settings as they are (unknown keys are dropped), with one name too long.
    const settings: TStationSettings = (await admin.get('/admin/api/station/settings')).json();
    const response = await admin.request({
      method: 'PUT',
      url: '/admin/api/station/settings',
      body: { ...settings, display_name: over(TEXT_LIMITS.name) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Display name must be at most 100 characters.' });
    const [after] = await db
      .select({ name: stations.displayName })
      .from(stations)
      .where(eq(stations.slug, 'demo'));
    expect(after).toEqual(before);
  });

  it('a message type description over 500 characters: 400, the type unchanged', async () => {
    const [alert] = await db.select().from(messageTypes).where(eq(messageTypes.messageType, 'alert'));
    if (!alert) throw new Error('no alert type');
    const response = await admin.request({
      method: 'PUT',
      url: `/admin/api/message-types/${alert.id}`,
      body: {
        display_name: 'Alert',
        description: over(TEXT_LIMITS.typeDescription),
        color_code: '#fd7e14',
        is_active: true,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Description must be at most 500 characters.' });
    const [after] = await db.select().from(messageTypes).where(eq(messageTypes.id, alert.id));
    expect(after?.description).toBe(alert.description);
  });

  it('a contact name over 100 characters: 400, no contact', async () => {
    const before = await rows(smsContacts);
    const response = await admin.post('/admin/api/sms-contacts', {
      name: over(TEXT_LIMITS.name),
      phone: '(212) 555-0177',
      message_preferences: { alert: { subscribed: true, language: 'en' } },
      consent_attested: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Name must be at most 100 characters.' });
    expect(await rows(smsContacts)).toBe(before);
  });

  it('a CSV row whose name is over 100 characters is reported, not imported', async () => {
    const boundary = 'b0undary';
    const csv = `name,phone\n${over(TEXT_LIMITS.name)},+12125550188\nJane,+12125550189\n`;
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="c.csv"',
      'Content-Type: text/csv',
      '',
      csv,
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const response = await admin.request({
      method: 'POST',
      url: '/admin/api/sms-contacts/import?dry_run=true',
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({ total: 2, valid: 1, invalid: 1 });
    expect(report.rows[0].error).toBe('Name must be at most 100 characters.');
  });
});
