// Unstorable text and broken uploads are the client's mistake (400 with {error}), never a 500;
// and when a request does fail, its log holds no SQL parameters, emails, numbers or hashes.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, TestClient } from '../test/app.js';
import { captureLogs } from '../test/log-lines.js';
import { UNSTORABLE_TEXT_ERROR } from './errors.js';
import { safeError, scrubText } from './log-safety.js';

describe('unstorable text and broken uploads', async () => {
  const { lines, logger } = captureLogs();
  const { app, db } = await createTestApp({ logger });
  // A route that fails inside the database with personal data among its parameters.
  app.get('/admin/api/test-failure', async () => {
    await db.execute(
      sql`select ${'jane.doe@example.org'}::int, ${'$argon2id$v=19$m=19456,t=2,p=1$abc$def'}::text`,
    );
    return {};
  });
  const admin = new TestClient(app);
  await admin.login('admin@demo.test');
  // A visitor who opened the site (and so holds the CSRF cookie), not signed in.
  const anonymous = new TestClient(app, '10.9.0.1');
  await anonymous.get('/auth/session');

  it.each([
    [
      'anonymous sign-in',
      () => anonymous.post('/auth/login', { email: 'a\u0000@x.test', password: 'x\u0000' }),
    ],
    [
      'a message title',
      () =>
        admin.post('/admin/api/messages', {
          title: 'Flood\u0000',
          original: 'Text',
          message_type: 'emergency',
        }),
    ],
    [
      'an unpaired surrogate',
      () =>
        admin.post('/admin/api/messages', {
          title: 'Flood \ud800',
          original: 'Text',
          message_type: 'emergency',
        }),
    ],
    ['a search', () => admin.get('/admin/api/sms-contacts?search=%00')],
  ])('%s with NUL or broken Unicode answers 400 with the reason', async (_what, call) => {
    const response = await call();
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: UNSTORABLE_TEXT_ERROR });
  });

  /** Posts one file part; `cutOff` leaves the body without its closing boundary. */
  const upload = (
    url: string,
    field: string,
    file: { name: string; type: string; content: string },
    cutOff = false,
  ) => {
    const boundary = 'b0undary';
    const body = [
      `--${boundary}`,
      `Content-Disposition: form-data; name="${field}"; filename="${file.name}"`,
      `Content-Type: ${file.type}`,
      '',
      file.content,
      ...(cutOff ? [] : [`--${boundary}--`, '']),
    ].join('\r\n');
    return admin.request({
      method: 'POST',
      url,
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  };

  it('a CSV with NUL bytes is refused, even in a dry run', async () => {
    const response = await upload('/admin/api/sms-contacts/import?dry_run=true', 'file', {
      name: 'c.csv',
      type: 'text/csv',
      content: 'name,phone\nJane\u0000,+12125550101',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/NUL characters/);
  });

  it('a logo upload cut off mid-body answers 400', async () => {
    const response = await upload(
      '/admin/api/station/logo',
      'logo',
      { name: 'logo.png', type: 'image/png', content: '\x89PNG\r\n\x1a\n partial' },
      true,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'The upload was cut off or malformed. Please try again.',
    });
  });

  it('logs a failed request without its SQL parameters, emails or password hashes', async () => {
    lines.length = 0;
    const response = await admin.get('/admin/api/test-failure?search=+12125550101');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ error: 'Internal server error' });
    const log = lines.join('');
    expect(log).toContain('request failed');
    expect(log).toContain('params: [redacted]');
    expect(log).not.toContain('jane.doe@example.org');
    expect(log).not.toContain('$argon2id$');
    expect(log).not.toContain('12125550101');
  });
});

describe('log scrubbing', () => {
  it('replaces emails, phone numbers, password hashes and API keys in texts', () => {
    expect(
      scrubText('Key (email)=(a.b@x.test) +1 (212) 555-0101 $argon2id$v=19$m=1$a$b ms-0123456789abcdef0123'),
    ).toBe('Key (email)=([email]) [number] [password hash] [api key]');
  });

  it('keeps the statement, codes and constraint of a database error, not its values', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      constraint: 'users_email_key',
      detail: 'Key (email)=(a@x.test) already exists.',
    });
    const error = Object.assign(
      new Error('Failed query: insert into users (email) values ($1)\nparams: a@x.test'),
      {
        query: 'insert into users (email) values ($1)',
        params: ['a@x.test'],
        cause,
      },
    );
    const logged = safeError(error);
    expect(JSON.stringify(logged)).not.toContain('a@x.test');
    expect(logged).toMatchObject({
      message: 'Failed query: insert into users (email) values ($1)\nparams: [redacted]',
      query: 'insert into users (email) values ($1)',
      cause: { code: '23505', constraint: 'users_email_key' },
    });
  });
});
