import { describe, expect, it } from 'vitest';
import { isGsm7, smsSegments } from './sms-segments.js';

describe('smsSegments', () => {
  it('counts nothing for an empty text', () => {
    expect(smsSegments('')).toMatchObject({ segments: 0, units: 0, characters: 0 });
  });

  it.each([
    [160, 1],
    [161, 2],
    [306, 2],
    [307, 3],
    [459, 3],
    [460, 4],
  ])('GSM-7: %i characters take %i segments', (length, segments) => {
    const info = smsSegments('a'.repeat(length));
    expect(info).toMatchObject({ encoding: 'GSM-7', units: length, characters: length, segments });
  });

  it('counts extension characters as two septets', () => {
    expect(smsSegments('€'.repeat(80))).toMatchObject({
      encoding: 'GSM-7',
      units: 160,
      characters: 80,
      segments: 1,
    });
    expect(smsSegments(`${'€'.repeat(80)}a`)).toMatchObject({ units: 161, segments: 2 });
    expect(smsSegments('{}[]~|^\\\f€').units).toBe(20);
  });

  it('never splits an escape pair across segments', () => {
    // 152 septets, then an extension character: it does not fit in the 153rd septet.
    const text = `${'a'.repeat(152)}€${'a'.repeat(10)}`;
    const info = smsSegments(text);
    expect(info.units).toBe(164);
    expect(info.segments).toBe(2);
    expect(info.remaining).toBe(153 - 12);
    // 305 septets fit in two segments (152, then the pair + 151); one more septet needs a third.
    expect(smsSegments(`${'a'.repeat(152)}€${'a'.repeat(151)}`).segments).toBe(2);
    expect(smsSegments(`${'a'.repeat(152)}€${'a'.repeat(152)}`).segments).toBe(3);
  });

  it.each([
    [70, 1],
    [71, 2],
    [134, 2],
    [135, 3],
  ])('UCS-2: %i characters take %i segments', (length, segments) => {
    expect(smsSegments('한'.repeat(length))).toMatchObject({ encoding: 'UCS-2', units: length, segments });
  });

  it('counts characters outside the basic plane as two units and never splits them', () => {
    expect(smsSegments('🚨'.repeat(35))).toMatchObject({
      encoding: 'UCS-2',
      characters: 35,
      units: 70,
      segments: 1,
    });
    expect(smsSegments(`${'🚨'.repeat(35)}a`)).toMatchObject({ units: 71, segments: 2 });
    // 66 units then a surrogate pair: the pair moves to the next segment.
    expect(smsSegments(`${'한'.repeat(66)}🚨${'한'.repeat(10)}`)).toMatchObject({ units: 78, segments: 2 });
  });

  it('one character outside GSM-7 turns the whole text into UCS-2', () => {
    const text = `${'a'.repeat(100)}ç`;
    expect(isGsm7('ç')).toBe(false);
    expect(smsSegments(text)).toMatchObject({ encoding: 'UCS-2', units: 101, segments: 2 });
  });

  it.each([
    ['en', 'Severe weather warning: stay indoors until 9 PM. Info at https://kxyz.example', 'GSM-7'],
    ['es', 'Aviso de tormenta: quédese en casa hasta las 9 PM. ¿Dudas? Llame al 555-0100.', 'GSM-7'],
    ['fr', 'Alerte météo : restez à l’intérieur jusqu’à 21 h.', 'UCS-2'],
    ['de', 'Unwetterwarnung: Bleiben Sie bis 21 Uhr drinnen. Grüße!', 'GSM-7'],
    ['it', 'Allerta meteo: restate in casa fino alle 21. Città chiusa.', 'GSM-7'],
    ['pt', 'Alerta de tempestade: fique em casa até às 21h. Atenção!', 'UCS-2'],
    ['zh', '恶劣天气警告：请在晚上9点前留在室内。', 'UCS-2'],
    ['ja', '悪天候警報：午後9時まで屋内にいてください。', 'UCS-2'],
    ['ko', '악천후 경보: 오후 9시까지 실내에 머무르십시오.', 'UCS-2'],
  ] as const)('%s text is %s', (_language, text, encoding) => {
    const info = smsSegments(text);
    expect(info.encoding).toBe(encoding);
    expect(info.segments).toBe(1);
    expect(info.characters).toBe([...text].length);
  });
});
