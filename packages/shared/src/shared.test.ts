import { describe, expect, it } from 'vitest';
import {
  checkUsPhone,
  formatLastLogin,
  formatLastSeen,
  formatMessageAge,
  formatPhoneInput,
  formatRelativeTime,
  formatUsPhone,
  issueText,
  LANGUAGE_CODES,
  MESSAGE_TYPE_KEYS,
  parseUsPhone,
  ZUsPhone,
} from './index.js';

const now = new Date('2026-11-22T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('constants', () => {
  it('has the nine languages and four message types in display order', () => {
    expect(LANGUAGE_CODES).toEqual(['en', 'es', 'fr', 'de', 'it', 'pt', 'zh', 'ja', 'ko']);
    expect(MESSAGE_TYPE_KEYS).toEqual(['emergency', 'alert', 'station', 'informational']);
  });
});

describe('phones', () => {
  it('formats stored numbers as (XXX) XXX-XXXX', () => {
    expect(formatUsPhone('+15551234567')).toBe('(555) 123-4567');
    expect(formatUsPhone('5551234567')).toBe('(555) 123-4567');
    expect(formatUsPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatUsPhone(null)).toBe('');
  });

  it('formats US typing as (555) 123-4567 and keeps anything else as typed', () => {
    expect(formatPhoneInput('555')).toBe('(555');
    expect(formatPhoneInput('55512')).toBe('(555) 12');
    expect(formatPhoneInput('5551234567')).toBe('(555) 123-4567');
    expect(formatPhoneInput('5551234567')).toHaveLength(14);
    expect(formatPhoneInput('+1 555 123 4567')).toBe('(555) 123-4567');
    expect(formatPhoneInput('+1')).toBe('+1');
    // Another country's number, or too many digits, is never sliced into a US mask.
    expect(formatPhoneInput('+33 7 81 23 45 67')).toBe('+33 7 81 23 45 67');
    expect(formatPhoneInput('+')).toBe('+');
    expect(formatPhoneInput('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhoneInput('00 33 7 81 23 45 67')).toBe('00 33 7 81 23 45 67');
    expect(formatPhoneInput('555123456789')).toBe('555123456789');
    expect(formatPhoneInput('(555) 123-45678')).toBe('(555) 123-45678');
  });

  it('reads US numbers and refuses every other country or digit count', () => {
    for (const typed of [
      '(415) 555-0134',
      '4155550134',
      '1 415 555 0134',
      '+1 (415) 555-0134',
      '+14155550134',
      '011 1 415 555 0134',
    ]) {
      expect(checkUsPhone(typed)).toEqual({ e164: '+14155550134' });
    }
    expect(parseUsPhone('415.555.0134')).toBe('+14155550134');
    for (const typed of [
      '+33 7 81 23 45 67',
      '+44 20 7946 0958',
      '00 33 7 81 23 45 67',
      '011 44 20 7946 0958',
      '+52 55 1234 5678',
    ]) {
      expect(checkUsPhone(typed)).toEqual({ problem: 'not_us' });
      expect(parseUsPhone(typed)).toBeNull();
    }
    // What the old mask made of them: refused as typed, never reinterpreted.
    for (const typed of [
      '415555013',
      '415555013412',
      '24155550134',
      '1415555013',
      '(442) 079-460',
      '415-555-0134 x2',
      '4155550134abc',
    ]) {
      expect(checkUsPhone(typed)).toEqual({ problem: 'invalid' });
    }
    expect(checkUsPhone('  ')).toEqual({ problem: 'required' });
    expect(ZUsPhone.safeParse('+33 7 81 23 45 67').error?.issues[0]?.message).toBe('phone_not_us');
    expect(issueText(ZUsPhone.safeParse('+33 7 81 23 45 67').error?.issues[0]?.message ?? '')).toBe(
      'Only US phone numbers (+1) can be used.',
    );
    expect(issueText(ZUsPhone.safeParse('415555013').error?.issues[0]?.message ?? '')).toBe(
      'Please enter a valid US phone number.',
    );
    expect(ZUsPhone.parse(' (415) 555-0134 ')).toBe('+14155550134');
  });
});

describe('relative times', () => {
  it('words message ages', () => {
    expect(formatMessageAge(ago(30_000), now)).toBe('Just now');
    expect(formatMessageAge(ago(5 * MIN), now)).toBe('5m ago');
    expect(formatMessageAge(ago(3 * HOUR), now)).toBe('3h ago');
    expect(formatMessageAge(ago(2 * DAY), now)).toBe('2d ago');
    expect(formatMessageAge(ago(8 * DAY), now)).toBe('11/14/2026');
  });

  it('words machine last-seen times', () => {
    expect(formatLastSeen(ago(10_000), now)).toBe('Just now');
    expect(formatLastSeen(ago(59 * MIN), now)).toBe('59m ago');
    expect(formatLastSeen(ago(23 * HOUR), now)).toBe('23h ago');
    expect(formatLastSeen(ago(25 * HOUR), now)).toBe('11/21/2026');
  });

  it('words user last logins', () => {
    expect(formatLastLogin(null, now)).toBe('Never');
    expect(formatLastLogin(ago(MIN), now)).toBe('1 minute ago');
    expect(formatLastLogin(ago(12 * MIN), now)).toBe('12 minutes ago');
    expect(formatLastLogin(ago(2 * HOUR), now)).toBe('2 hours ago');
    expect(formatLastLogin(ago(30 * HOUR), now)).toBe('Yesterday');
    expect(formatLastLogin(ago(5 * DAY), now)).toBe('5 days ago');
    expect(formatLastLogin(ago(40 * DAY), now)).toBe('10/13/2026');
    // Under a minute is never '0 minutes ago'.
    expect(formatLastLogin(ago(20_000), now)).toBe('Just now');
    expect(formatLastLogin(ago(0), now)).toBe('Just now');
  });

  it('words the same steps in the page locale through Intl.RelativeTimeFormat', () => {
    const es = { locale: 'es-US', now, dayLimit: 7 };
    expect(formatRelativeTime(ago(5 * MIN), es)).toBe('hace 5 min');
    expect(formatRelativeTime(ago(3 * HOUR), es)).toBe('hace 3 h');
    expect(formatRelativeTime(ago(30_000), { ...es, justNow: 'Justo ahora' })).toBe('Justo ahora');
    // Without words given, each language still says "just now", never "hace 0 minutos".
    expect(formatRelativeTime(ago(30_000), es)).toBe('Justo ahora');
    expect(formatRelativeTime(ago(59_000), { ...es, style: 'long' })).toBe('Justo ahora');
    expect(formatRelativeTime(ago(10_000), { locale: 'en-US', now, dayLimit: 30, style: 'long' })).toBe(
      'Just now',
    );
    expect(formatRelativeTime(ago(10_000), { locale: 'zh', now, dayLimit: 7 })).toBe('现在');
    expect(formatRelativeTime(ago(10_000), { locale: 'fr', now, dayLimit: 7 })).not.toMatch(/0/);
    expect(formatRelativeTime(ago(8 * DAY), es)).toBe('14/11/2026');
    const esUsers = { locale: 'es-US', now, dayLimit: 30, style: 'long' as const, yesterday: true };
    expect(formatRelativeTime(ago(30 * HOUR), esUsers)).toBe('Ayer');
    expect(formatRelativeTime(ago(5 * DAY), esUsers)).toBe('hace 5 días');
    expect(formatRelativeTime(ago(5 * MIN), { locale: 'ko', now, dayLimit: 7 })).toBe('5분 전');
    expect(formatRelativeTime(ago(5 * MIN), { locale: 'zh', now, dayLimit: 7 })).toBe('5分钟前');
    // French narrow drops the words ('-5 min'): the short style keeps them.
    expect(formatRelativeTime(ago(5 * MIN), { locale: 'fr', now, dayLimit: 7 })).toBe('il y a 5\u00a0min');
  });
});
