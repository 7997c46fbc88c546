import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  email,
  httpUrl,
  isStorableText,
  issueText,
  newPassword,
  refusal,
  TEXT_LIMITS,
  textField,
  UNSTORABLE_TEXT_ERROR,
  ZAgentToServer,
  ZContactRequest,
  ZMessageRequest,
  ZUsPhone,
} from './index.js';

/** The first refusal zod gives for `value`, in the API's English words (decision 0068), or null when it passes. */
function problem(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  const message = result.error?.issues[0]?.message;
  return result.success ? null : message ? issueText(message) : 'invalid';
}

describe('textField', () => {
  const title = textField({
    label: 'Title',
    max: 10,
    required: refusal('invalid_value', { detail: 'Title is required.' }),
  });

  it('trims, and counts the limit after trimming', () => {
    expect(title.parse('  Flood  ')).toBe('Flood');
    expect(title.parse(`  ${'a'.repeat(10)}  `)).toBe('a'.repeat(10));
  });

  it('refuses text over the limit with the label and the limit', () => {
    expect(problem(title, 'a'.repeat(11))).toBe('Title must be at most 10 characters.');
    const body = textField({ label: 'Message text', max: 5000 });
    expect(problem(body, 'a'.repeat(5001))).toBe('Message text must be at most 5,000 characters.');
  });

  it('refuses blank text when required, and accepts it when not', () => {
    expect(problem(title, '   ')).toBe('Title is required.');
    expect(problem(title, undefined)).toBe('Title is required.');
    expect(textField({ label: 'Name', max: 10 }).parse('  ')).toBe('');
  });

  it('refuses NUL and unpaired surrogates, keeps paired ones (emoji)', () => {
    expect(problem(title, 'Flo\u0000od')).toBe(UNSTORABLE_TEXT_ERROR);
    expect(problem(title, 'Flood \ud83d')).toBe(UNSTORABLE_TEXT_ERROR);
    expect(problem(title, '\udca9 Flood')).toBe(UNSTORABLE_TEXT_ERROR);
    expect(title.parse('Flood 💩')).toBe('Flood 💩');
    expect(isStorableText('Ñandú 中文 💩')).toBe(true);
  });

  it('a custom over-the-limit sentence replaces the default', () => {
    const field = textField({
      label: 'X',
      max: 2,
      tooLong: refusal('invalid_value', { detail: 'Too long.' }),
    });
    expect(problem(field, 'abc')).toBe('Too long.');
  });
});

describe('fields built on it', () => {
  it('email: lowercased, at most 254 characters, a valid address', () => {
    const field = email('Email');
    expect(field.parse(' Ann@Example.TEST ')).toBe('ann@example.test');
    const long = `${'a'.repeat(64)}@${'b'.repeat(185)}.test`;
    expect(long.length).toBe(TEXT_LIMITS.email + 1);
    expect(problem(field, long)).toBe('Email must be at most 254 characters.');
    expect(problem(field, 'not-an-address')).toBe('Please enter a valid email.');
    expect(problem(field, 'a\u0000@x.test')).toBe(UNSTORABLE_TEXT_ERROR);
  });

  it('httpUrl: at most 2,048 characters', () => {
    const field = httpUrl('Terms URL');
    const url = `https://example.test/${'a'.repeat(2048)}`;
    expect(problem(field, url)).toBe('Terms URL must be at most 2,048 characters.');
    expect(field.parse(' https://example.test/terms ')).toBe('https://example.test/terms');
  });

  it('newPassword is never trimmed and has a ceiling', () => {
    const field = newPassword(refusal('password_too_short'));
    expect(field.parse('  secret!  ')).toBe('  secret!  ');
    expect(problem(field, 'a'.repeat(257))).toBe('Password must be at most 256 characters.');
  });

  it('a phone number longer than any real one is refused before parsing', () => {
    expect(problem(ZUsPhone, '5'.repeat(40))).toBe('Please enter a valid US phone number.');
  });

  it('a message title of 1,000 characters is refused; the text stops at 1,600 (one SMS)', () => {
    const base = { original: 'Text', target_languages: ['es'], message_type: 'alert' };
    expect(problem(ZMessageRequest, { ...base, title: 'a'.repeat(1000) })).toBe(
      'Title must be at most 200 characters.',
    );
    expect(
      problem(ZMessageRequest, { ...base, title: 'T', original: 'a'.repeat(TEXT_LIMITS.messageBody + 1) }),
    ).toBe('Message text must be at most 1,600 characters.');
  });

  it('the contact message over its limit is refused', () => {
    const contact = { category: 'other', subject: 'Hi', message: 'a'.repeat(TEXT_LIMITS.contactMessage + 1) };
    expect(problem(ZContactRequest, contact)).toBe('Message must be at most 5,000 characters.');
  });
});

describe('agent frames', () => {
  const info = {
    client_id: 'client-0001',
    client_name: 'Studio PC',
    platform: 'Linux (x64)',
    audio_output_device: null,
    voices: { en: 'en-us' },
    client_version: '2.0.1',
  };

  it('a hello with NUL or a broken surrogate in any text is refused, trimmed text is kept', () => {
    expect(ZAgentToServer.parse({ type: 'hello', info: { ...info, client_name: ' Studio PC ' } })).toEqual({
      type: 'hello',
      info,
    });
    expect(problem(ZAgentToServer, { type: 'hello', info: { ...info, client_name: 'PC\u0000' } })).toBe(
      UNSTORABLE_TEXT_ERROR,
    );
    expect(problem(ZAgentToServer, { type: 'hello', info: { ...info, voices: { en: 'x\ud800' } } })).toBe(
      UNSTORABLE_TEXT_ERROR,
    );
    expect(problem(ZAgentToServer, { type: 'playback', message_id: 'm\u0000', status: 'playing' })).toBe(
      UNSTORABLE_TEXT_ERROR,
    );
    expect(problem(ZAgentToServer, { type: 'hello', info: { ...info, client_name: 'a'.repeat(121) } })).toBe(
      'Client name must be at most 120 characters.',
    );
  });
});
