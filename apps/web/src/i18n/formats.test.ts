import { describe, expect, it } from 'vitest';
import { formatCount, formatDateTime, formatNumber, numberLocale, uiLocale } from './formats';

describe('one format per interface language', () => {
  it('writes numbers as each language does', () => {
    expect(formatCount(1600, 'en')).toBe('1,600');
    expect(formatCount(16000, 'en')).toBe('16,000');
    expect(formatCount(1600, 'es')).toBe('1600');
    expect(formatCount(16000, 'es')).toBe('16.000');
    expect(formatNumber(2.5, { maximumFractionDigits: 2 }, 'en')).toBe('2.5');
    expect(formatNumber(2.5, { maximumFractionDigits: 2 }, 'es')).toBe('2,5');
    expect([numberLocale('es'), numberLocale('en'), numberLocale(undefined)]).toEqual([
      'es',
      'en-US',
      'en-US',
    ]);
  });

  it('writes a moment one way: medium date and short time, on the 12-hour clock in both languages', () => {
    const at = new Date(2026, 11, 7, 15, 22, 47);
    expect(formatDateTime(at, 'en').replace(/\s/g, ' ')).toBe('Dec 7, 2026, 3:22 PM');
    expect(formatDateTime(at, 'es').replace(/\s/g, ' ')).toBe('7 dic 2026, 3:22 p.m.');
    expect(formatDateTime('not a date', 'en')).toBe('');
    expect(uiLocale('es')).toBe('es-US');
  });
});
