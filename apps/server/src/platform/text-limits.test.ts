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

  it('a message title of 1,000 characters: 400, no message', async () => {
    const before = await rows(messages);
    const response = await admin.post('/admin/api/messages', { ...message, title: 'a'.repeat(1000) });
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

  it('a message text over 1,600 characters (more than one SMS carries): 400, no message', async () => {
    const before = await rows(messages);
    const response = await admin.post('/admin/api/messages', {
      ...message,
      original: over(TEXT_LIMITS.messageBody),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Message text must be at most 1,600 characters.' });
    expect(await rows(messages)).toBe(before);
  });

  it('a search over 200 characters: 400', async () => {
    const response = await admin.get(`/admin/api/messages?search=${over(TEXT_LIMITS.search)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Search must be at most 200 characters.' });
  });

  it('a contact message over its limit, from a visitor without a bot check: 400, nothing kept', async () => {
    const before = await rows(contactRequests);
    const response = await visitor.post('/api/contact', {
      name: 'Dana',
      email: 'dana@example.org',
      category: 'other',
      subject: 'Hello',
      message: over(TEXT_LIMITS.contactMessage),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Message must be at most 5,000 characters.' });
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
