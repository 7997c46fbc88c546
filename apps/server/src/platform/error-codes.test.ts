// Every refusal carries a stable code from the shared catalogue (decision 0028): thrown ones,
// validation refusals our schemas carry in their issues (decision 0068), zod's own defaults,
// unreadable bodies. The English `error` is the catalogue's text with the params filled in.
import { readFileSync } from 'node:fs';
import {
  ERROR_CODES,
  errorTemplateParams,
  readRefusal,
  refusal,
  type TErrorCode,
  ZMessageRequest,
} from '@message-station/shared';
import { describe, expect, it } from 'vitest';
import { createTestApp, TestClient } from '../test/app.js';
import { serverSourceFiles } from '../test/source-files.js';
import { AppError, validationError } from './errors.js';

describe('error codes', () => {
  it('throws only catalogue codes: no AppError or notFound with a sentence', () => {
    const offenders: string[] = [];
    for (const file of serverSourceFiles()) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/new AppError\(\s*(['"`])([^'"`]*)\1/g)) {
        if (!((match[2] as string) in ERROR_CODES)) offenders.push(`${file}: ${match[0]}`);
      }
      for (const match of text.matchAll(/(?:notFound|forbidden)\(\s*(['"`])([^'"`]*)\1/g)) {
        if (!((match[2] as string) in ERROR_CODES)) offenders.push(`${file}: ${match[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('are snake_case, and each English text names only its own params', () => {
    for (const [code, template] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
      for (const name of errorTemplateParams(template)) expect(name).toMatch(/^[a-z][a-z_]*$/);
    }
  });

  it('carries a refusal in an issue message and reads it back, never from English (decision 0068)', () => {
    for (const [code, template] of Object.entries(ERROR_CODES) as [TErrorCode, unknown][]) {
      const names = errorTemplateParams(template as never);
      const params = Object.fromEntries(names.map((name) => [name, `Q${name}`]));
      const message = (refusal as (code: TErrorCode, params?: object) => string)(
        code,
        names.length ? params : undefined,
      );
      expect(readRefusal(message), code).toEqual({ code, params: names.length ? params : {} });
    }
    // A schema's own issue: the code and params the server answers, numbers as numbers.
    const [issue] = ZMessageRequest.safeParse({ title: 'x'.repeat(201) }).error?.issues ?? [];
    expect(readRefusal(issue?.message ?? '')).toEqual({
      code: 'field_too_long',
      params: { field: 'Title', max: 200 },
    });
    // English, zod's own words and unknown codes are not refusals.
    expect(readRefusal('Title must be at most 200 characters.')).toBeNull();
    expect(readRefusal('Invalid input: expected string')).toBeNull();
    expect(readRefusal('no_such_code')).toBeNull();
    expect(readRefusal('field_too_long{not json')).toBeNull();
  });

  it('fills the English text from the code, plural and numbers included', () => {
    expect(new AppError('verification_code_invalid', { attempts_left: 4 }).message).toBe(
      'Invalid verification code. 4 attempts left.',
    );
    expect(new AppError('verification_code_invalid', { attempts_left: 1 }).message).toBe(
      'Invalid verification code. 1 attempt left.',
    );
    expect(new AppError('not_enough_credits', { needed: 12_000, available: 40 }).message).toBe(
      'Not enough SMS credits: this message needs 12,000 credits and the station has 40 left.',
    );
    expect(
      validationError([{ instancePath: '/title', message: 'Invalid input: expected string' }]),
    ).toMatchObject({
      code: 'invalid_field',
      params: { field: 'title', detail: 'Invalid input: expected string' },
      message: 'title: Invalid input: expected string',
    });
    expect(validationError([{ instancePath: '/x', message: 'A sentence nobody catalogued.' }])).toMatchObject(
      {
        code: 'invalid_value',
        message: 'A sentence nobody catalogued.',
      },
    );
    expect(
      validationError([
        { instancePath: '/title', message: refusal('field_too_long', { field: 'Title', max: 200 }) },
      ]),
    ).toMatchObject({
      code: 'field_too_long',
      params: { field: 'Title', max: 200 },
      message: 'Title must be at most 200 characters.',
    });
  });
});

describe('refusals through the API', async () => {
  const { app } = await createTestApp();

  it('answer {error, code, params}: thrown, validated, unreadable', async () => {
    const visitor = new TestClient(app);
    await visitor.get('/auth/session');
    const wrong = await visitor.post('/auth/login', { email: 'nobody@demo.test', password: 'x' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Invalid email or password', code: 'invalid_login', params: {} });

    const empty = await visitor.post('/auth/login', { email: 'a@demo.test', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: 'Password is required', code: 'password_required', params: {} });

    const staff = new TestClient(app);
    await staff.login('admin@demo.test');
    const long = await staff.post('/admin/api/messages', {
      title: 'x'.repeat(201),
      original: 'Stay indoors.',
      original_language: 'en',
      target_languages: ['es'],
      message_type: 'alert',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      error: 'Title must be at most 200 characters.',
      code: 'field_too_long',
      params: { field: 'Title', max: 200 },
    });

    const missing = await staff.request({
      method: 'DELETE',
      url: '/admin/api/messages/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Message not found', code: 'message_not_found', params: {} });
    const noRoute = await staff.get('/admin/api/no-such-thing');
    expect(noRoute.statusCode).toBe(404);
    expect(noRoute.json()).toEqual({ error: 'Not found', code: 'not_found', params: {} });

    const broken = await staff.request({
      method: 'POST',
      url: '/admin/api/messages',
      body: '{"title":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.json()).toMatchObject({ code: 'body_invalid_json', params: {} });
  });
});
