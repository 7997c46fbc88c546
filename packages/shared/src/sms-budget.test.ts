// The room a text has in one SMS (decision 0052): 1,600 minus the station's name, the separators
// and the opt-out line (and the untranslated notice of a fallback), counted in the segment
// counter's units, so a text that fits makes a body Twilio takes.
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './constants.js';
import {
  composedFallbackSms,
  composedSms,
  composeSms,
  SMS_BODY_LIMIT,
  smsTextBudget,
  smsTextFit,
} from './sms-compose.js';
import { smsSegments, smsUnits } from './sms-segments.js';

const room = (language: string, stationName = 'Demo Radio') => ({ stationName, language });

describe('smsTextBudget', () => {
  it('is 1,600 minus "Demo Radio: ", the new line and the opt-out line', () => {
    // 12 + 1 + 21 ("Reply STOP to opt out") = 34; 12 + 1 + 27 ("Responda STOP para cancelar") = 40.
    expect(smsTextBudget(room('en'), 'GSM-7')).toEqual({
      encoding: 'GSM-7',
      limit: 1600,
      overhead: 34,
      max: 1566,
    });
    expect(smsTextBudget(room('es'), 'UCS-2')).toMatchObject({ overhead: 40, max: 1560 });
  });

  it('is the same in GSM-7 and UCS-2 unless the name has a GSM extension character', () => {
    for (const { code } of LANGUAGES) {
      expect(smsTextBudget(room(code), 'GSM-7').max, code).toBe(smsTextBudget(room(code), 'UCS-2').max);
    }
    // "[" and "]" are two septets each in GSM-7, one UTF-16 unit each in UCS-2.
    expect(smsTextBudget(room('en', 'Radio [KXYZ]'), 'GSM-7').max).toBe(
      smsTextBudget(room('en', 'Radio [KXYZ]'), 'UCS-2').max - 2,
    );
  });

  it('leaves less room for a fallback: the original goes with the untranslated notice', () => {
    const plain = smsTextBudget(room('es'), 'GSM-7').max;
    const fallback = smsTextBudget({ ...room('es'), fallbackFrom: 'en' }, 'GSM-7').max;
    expect(fallback).toBeLessThan(plain);
    const original = 'a'.repeat(fallback);
    expect(composedFallbackSms('Demo Radio', original, 'es', 'en')).toMatchObject({
      length: 1600,
      fits: true,
    });
    expect(composedFallbackSms('Demo Radio', `${original}a`, 'es', 'en')).toMatchObject({
      length: 1601,
      fits: false,
    });
  });
});

describe('smsTextFit', () => {
  it('a text of exactly the budget makes a 1,600 body; one more character does not fit', () => {
    for (const [language, filler] of [
      ['en', 'a'],
      ['es', 'á'],
      ['zh', '雨'],
    ] as const) {
      const { max } = smsTextFit(room(language), filler);
      const text = filler.repeat(max);
      expect(smsTextFit(room(language), text), language).toMatchObject({ length: max, fits: true });
      expect(composedSms('Demo Radio', text, language), language).toMatchObject({ length: 1600, fits: true });
      expect(smsTextFit(room(language), `${text}${filler}`).fits, language).toBe(false);
      expect(composedSms('Demo Radio', `${text}${filler}`, language).fits, language).toBe(false);
    }
  });

  it('refuses the 1,599-character text that went out as a 1,633-character body', () => {
    const text = 'a'.repeat(1599);
    const fit = smsTextFit(room('en'), text);
    expect(fit).toEqual({ encoding: 'GSM-7', length: 1599, max: 1566, fits: false });
    expect(composeSms('Demo Radio', text, 'en')).toHaveLength(1633);
  });

  it('counts by the segment counter: a GSM extension character and an emoji are two units', () => {
    expect(smsUnits('€', 'GSM-7')).toBe(2);
    expect(smsUnits('📻', 'UCS-2')).toBe(2);
    // Never below the code points nor the UTF-16 code units, whichever Twilio counts.
    for (const text of ['a€[b]', 'Alerta: lluvia 📻', 'á'.repeat(10)]) {
      const units = smsSegments(text).units;
      expect(units).toBeGreaterThanOrEqual(text.length);
      expect(units).toBeGreaterThanOrEqual([...text].length);
    }
    const euro = smsTextFit(room('en'), '€'.repeat(783));
    expect(euro).toMatchObject({ encoding: 'GSM-7', length: 1566, fits: true });
    expect(smsTextFit(room('en'), '€'.repeat(784)).fits).toBe(false);
  });

  it('trims the text as the body does', () => {
    const { max } = smsTextFit(room('en'), 'a');
    expect(smsTextFit(room('en'), `  ${'a'.repeat(max)}\n`).fits).toBe(true);
  });

  it('knows the limit', () => {
    expect(SMS_BODY_LIMIT).toBe(1600);
  });
});
