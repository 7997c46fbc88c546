import { formatMessageAge } from '@message-station/shared';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '.';
import { useRelativeAgeText } from './relative-age';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const now = new Date('2026-11-22T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('message ages in the page language', () => {
  it('says them in English exactly as the shared formatMessageAge does', () => {
    const { result } = renderHook(() => useRelativeAgeText());
    for (const elapsed of [0, 30_000, MINUTE, 13 * MINUTE, HOUR, 23 * HOUR, DAY, 6 * DAY, 8 * DAY]) {
      expect(result.current(ago(elapsed), now.getTime())).toBe(formatMessageAge(ago(elapsed), now));
    }
    expect(result.current(ago(13 * MINUTE), now.getTime())).toBe('13m ago');
  });

  it('says them in Spanish, never "13m ago"', async () => {
    await act(() => i18n.changeLanguage('es'));
    const { result } = renderHook(() => useRelativeAgeText());
    expect(result.current(ago(30_000), now.getTime())).toBe('Justo ahora');
    expect(result.current(ago(13 * MINUTE), now.getTime())).toBe('hace 13 min');
    expect(result.current(ago(3 * HOUR), now.getTime())).toBe('hace 3 h');
    expect(result.current(ago(2 * DAY), now.getTime())).toBe('hace 2 días');
    expect(result.current(ago(8 * DAY), now.getTime())).toBe('14/11/2026');
  });

  it('never says "0 minutes ago": under a minute is "just now"', async () => {
    const english = renderHook(() => useRelativeAgeText(0));
    expect(english.result.current(ago(59_000), now.getTime())).toBe('Just now');
    await act(() => i18n.changeLanguage('es'));
    const spanish = renderHook(() => useRelativeAgeText(0));
    expect(spanish.result.current(ago(0), now.getTime())).toBe('Justo ahora');
    expect(spanish.result.current(ago(59_000), now.getTime())).toBe('Justo ahora');
    expect(spanish.result.current(ago(MINUTE), now.getTime())).toBe('hace 1 min');
  });

  it('turns a day-old machine into a date when asked for no days', () => {
    const { result } = renderHook(() => useRelativeAgeText(0));
    expect(result.current(ago(25 * HOUR), now.getTime())).toBe('11/21/2026');
  });
});
