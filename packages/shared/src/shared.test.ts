import { describe, expect, it } from 'vitest';
import {
  deriveStationId,
  formatLastLogin,
  formatLastSeen,
  formatMessageAge,
  formatPhoneInput,
  formatUsPhone,
  LANGUAGE_CODES,
  MESSAGE_TYPE_KEYS,
  phoneInputToE164,
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

describe('deriveStationId', () => {
  it('lowercases, keeps letters and digits, cuts to 20', () => {
    expect(deriveStationId('KXYZ 101.5 FM!')).toBe('kxyz1015fm');
    expect(deriveStationId('Springfield Unified School District')).toBe('springfieldunifiedsc');
    expect(deriveStationId('Springfield Unified School District')).toHaveLength(20);
    expect(deriveStationId('Ñandú Radio')).toBe('andradio');
  });
});

describe('phones', () => {
  it('formats stored numbers as (XXX) XXX-XXXX', () => {
    expect(formatUsPhone('+15551234567')).toBe('(555) 123-4567');
    expect(formatUsPhone('5551234567')).toBe('(555) 123-4567');
    expect(formatUsPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatUsPhone(null)).toBe('');
  });

  it('formats typing and converts input as the forms send it', () => {
    expect(formatPhoneInput('555')).toBe('(555');
    expect(formatPhoneInput('55512')).toBe('(555) 12');
    expect(formatPhoneInput('555123456789')).toBe('(555) 123-4567');
    expect(formatPhoneInput('555123456789')).toHaveLength(14);
    expect(phoneInputToE164('(555) 123-4567')).toBe('+15551234567');
    expect(phoneInputToE164('1 555 123 4567')).toBe('+15551234567');
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
  });
});
