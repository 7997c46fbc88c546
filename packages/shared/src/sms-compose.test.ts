import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './constants.js';
import { composedSms, composeSms, nonGsm7Characters, OPT_OUT_LINES } from './sms-compose.js';
import { smsSegments } from './sms-segments.js';

// 185 characters; "á", "ó" and "í" are outside GSM-7, so Spanish alerts usually go as UCS-2.
const SPANISH_185 =
  'La calle Main está cerrada por obras desde la avenida Central hasta el puente; use la ruta ' +
  'alternativa por la calle Oak. Habrá policía en el cruce hasta las 5. Gracias por su paciencia.';

describe('composeSms', () => {
  it('puts the display name first and the opt-out line in the language on its own line', () => {
    expect(composeSms('Demo Radio', '  Main Street is closed. ', 'en')).toBe(
      'Demo Radio: Main Street is closed.\nReply STOP to opt out',
    );
    expect(composeSms('Demo Radio', 'Calle cerrada.', 'es')).toBe(
      'Demo Radio: Calle cerrada.\nResponda STOP para cancelar',
    );
  });

  it('falls back to the English opt-out line for a language without one', () => {
    expect(composeSms('Demo Radio', 'Hi', 'xx')).toBe('Demo Radio: Hi\nReply STOP to opt out');
  });

  it('has an opt-out line with the English keyword STOP for every language a station can offer', () => {
    for (const { code } of LANGUAGES) {
      const line = OPT_OUT_LINES[code];
      expect(line, code).toContain('STOP');
      expect(composeSms('Demo Radio', 'Hi', code).endsWith(`\n${line}`), code).toBe(true);
    }
  });
});

describe('composedSms', () => {
  it('counts the composed body: a 185-character Spanish text takes 4 segments, not the bare 3', () => {
    expect([...SPANISH_185]).toHaveLength(185);
    expect(smsSegments(SPANISH_185)).toMatchObject({ encoding: 'UCS-2', segments: 3 });

    const sms = composedSms('Demo Radio', SPANISH_185, 'es');
    expect(sms.body).toBe(`Demo Radio: ${SPANISH_185}\nResponda STOP para cancelar`);
    // 12 for "Demo Radio: ", 185, the new line, 27 for the opt-out line: 225 > 3 × 67.
    expect(sms).toMatchObject({ characters: 225, encoding: 'UCS-2', segments: 4, credits: 4 });
  });

  it('counts GSM extension characters of the text as two septets', () => {
    // "Demo Radio: " (12) + text + "\n" + "Reply STOP to opt out" (21) = 34 septets around the text.
    const plain = composedSms('Demo Radio', 'a'.repeat(126), 'en');
    expect(plain).toMatchObject({ characters: 160, encoding: 'GSM-7', segments: 1 });
    const withEuro = composedSms('Demo Radio', `${'a'.repeat(125)}€`, 'en');
    expect(withEuro).toMatchObject({ characters: 160, encoding: 'GSM-7', segments: 2, credits: 2 });
    expect(composedSms('Demo Radio', '{Road} [closed] ~ 5|6 ^ \\', 'en').encoding).toBe('GSM-7');
  });

  it('turns every English send into UCS-2 when the display name has an emoji', () => {
    const text = 'a'.repeat(100);
    expect(composedSms('Demo Radio', text, 'en')).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    const withEmoji = composedSms('Demo Radio 📻', text, 'en');
    expect(withEmoji.encoding).toBe('UCS-2');
    // 136 characters, the emoji two UTF-16 units: 137 units > 2 × 67.
    expect(withEmoji).toMatchObject({ characters: 136, segments: 3, credits: 3 });
  });

  it('gives the same count the shared segment counter gives for the body', () => {
    for (const { code } of LANGUAGES) {
      const sms = composedSms('KDRS 🎙', SPANISH_185, code);
      const info = smsSegments(sms.body);
      expect(sms, code).toMatchObject({ encoding: info.encoding, segments: info.segments });
    }
  });
});

describe('nonGsm7Characters', () => {
  it('names each character outside GSM-7 once, emoji whole', () => {
    expect(nonGsm7Characters('Demo Radio')).toEqual([]);
    expect(nonGsm7Characters('Rádio Ñandú {€}')).toEqual(['á', 'ú']);
    expect(nonGsm7Characters('KDRS 📻❤️ 📻')).toEqual(['📻', '❤️']);
  });
});
