import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, type TLanguageCode } from '../constants.js';
import { SMS_LIMITS, smsSegments } from '../sms-segments.js';
import {
  confirmationText,
  listInLanguage,
  renderSmsTemplate,
  SMS_TEXT_BUDGETS,
  SMS_TEXT_KINDS,
  SMS_TEXTS,
  smsText,
  type TTextedKind,
} from './sms.js';

// Worst cases: a 30-character station name, all four types in the language (their default names,
// the longest a station starts with), a 6-digit code and a long public address.
const STATION = 'Riverside Community Radio KXYZ';
const TYPES: Record<TLanguageCode, string[]> = {
  en: ['Emergency', 'Alert', 'Station', 'Informational'],
  es: ['Emergencia', 'Alerta', 'Estación', 'Informativo'],
  fr: ['Urgence', 'Alerte', 'Station', 'Information'],
  de: ['Notfall', 'Warnung', 'Sender', 'Information'],
  it: ['Emergenza', 'Allerta', 'Stazione', 'Informazioni'],
  pt: ['Emergência', 'Alerta', 'Estação', 'Informativo'],
  zh: ['紧急', '警报', '电台', '资讯'],
  ja: ['緊急', '警報', '放送局', 'お知らせ'],
  ko: ['긴급', '경보', '방송국', '안내'],
};
const PUBLIC_URL = 'https://alerts.example-station.org';

function worstCase(language: TLanguageCode) {
  return {
    station: STATION,
    stations: STATION,
    types: listInLanguage(TYPES[language], language),
    code: '987654',
    minutes: 10,
    host: new URL(PUBLIC_URL).hostname,
    url: `${PUBLIC_URL}/contact`,
  };
}

describe('SMS catalogue', () => {
  it('has every text in all nine languages', () => {
    for (const kind of SMS_TEXT_KINDS) {
      expect(Object.keys(SMS_TEXTS[kind]).sort(), kind).toEqual([...LANGUAGE_CODES].sort());
    }
  });

  // One segment each, except the texts whose content carriers require (see SMS_TEXT_BUDGETS:
  // the opt-in confirmations and START's, HELP, and the join page's consent sentence).
  const texted = SMS_TEXT_KINDS.filter((kind): kind is TTextedKind => kind !== 'consent');
  // The confirmations with type names are sent only when they fit (confirmationText), so the
  // worst case of those two is checked below through confirmationText.
  const cases = texted
    .filter((kind) => kind !== 'confirmation_first' && kind !== 'confirmation_again')
    .flatMap((kind) => LANGUAGE_CODES.map((language) => [kind, language] as const));
  it.each(cases)('%s in %s fits its budget with worst-case parameters', (kind, language) => {
    const body = smsText(kind, language, worstCase(language));
    expect(body, 'every placeholder is filled').not.toMatch(/\{\w+\}/);
    const info = smsSegments(body);
    const budget = SMS_TEXT_BUDGETS[kind];
    const room = budget === 1 ? SMS_LIMITS[info.encoding].single : SMS_LIMITS[info.encoding].multi * budget;
    expect(info.segments, `${info.encoding} ${info.units}/${room}: ${body}`).toBeLessThanOrEqual(budget);
  });

  it.each(LANGUAGE_CODES)(
    'the confirmation in %s fits two segments, naming the types when they fit',
    (language) => {
      for (const again of [false, true]) {
        const body = confirmationText(again, language, { station: STATION, types: TYPES[language] });
        expect(smsSegments(body).segments, body).toBeLessThanOrEqual(2);
        const one = confirmationText(again, language, { station: 'KXYZ', types: [TYPES[language][1] ?? ''] });
        expect(one, 'a short name and one type: named').toContain(TYPES[language][1]);
        expect(smsSegments(one).segments).toBeLessThanOrEqual(2);
      }
    },
  );

  it('words "subscribed" the first time and "subscribed again" after an opt-out', () => {
    expect(confirmationText(false, 'en', { station: 'KXYZ', types: ['Emergency', 'Alert'] })).toBe(
      "KXYZ: You're subscribed to Emergency and Alert alerts. Msg frequency varies. Msg & data rates may apply. Reply HELP for help, STOP to opt out.",
    );
    expect(confirmationText(true, 'en', { station: 'KXYZ', types: ['Emergency'] })).toContain(
      "You're subscribed again to Emergency alerts.",
    );
    // Four Spanish names with an ó make it UCS-2 and too long: the names are left out.
    expect(confirmationText(false, 'es', { station: STATION, types: TYPES.es })).toBe(
      `${STATION}: Se ha suscrito a las alertas. Frecuencia variable. Pueden aplicarse tarifas. Responda AYUDA o HELP para ayuda, ALTO o STOP para cancelar.`,
    );
  });

  it.each(LANGUAGE_CODES)('the consent sentence in %s names the station, HELP and STOP', (language) => {
    const text = smsText('consent', language, { station: STATION });
    expect(text).toContain(STATION);
    expect(text).toContain('HELP');
    expect(text).toContain('STOP');
    expect([...text].length).toBeLessThanOrEqual(300);
  });

  it('keeps the carriers’ English keywords in every language where the text names a keyword', () => {
    for (const language of LANGUAGE_CODES) {
      for (const kind of ['confirmation_first', 'confirmation_again', 'help', 'invite', 'consent'] as const) {
        expect(smsText(kind, language), `${kind} ${language}`).toContain('STOP');
      }
      expect(smsText('stop', language), language).toContain('START');
      expect(smsText('confirmation_first', language), language).toContain('HELP');
      expect(smsText('invite', language), language).toContain('YES');
    }
  });

  it('ends each code text with the WebOTP line so browsers can offer the code', () => {
    for (const language of LANGUAGE_CODES) {
      for (const kind of ['code_join', 'code_signup', 'code_password_reset'] as const) {
        const body = smsText(kind, language, worstCase(language));
        expect(body.split('\n').at(-1), `${kind} ${language}`).toBe('@alerts.example-station.org #987654');
      }
    }
  });

  it('writes the texts in their language, not English copies', () => {
    const fragments: Record<TLanguageCode, string> = {
      en: 'You are unsubscribed',
      es: 'Se ha dado de baja',
      fr: 'désabonnement confirmé',
      de: 'Sie sind abgemeldet',
      it: 'iscrizione annullata',
      pt: 'cancelamento confirmado',
      zh: '您已退订',
      ja: '配信を停止しました',
      ko: '수신거부되었습니다',
    };
    for (const language of LANGUAGE_CODES) {
      expect(smsText('stop', language, { stations: 'X' })).toContain(fragments[language]);
    }
  });

  it('falls back to English for a language it does not know', () => {
    expect(smsText('stop', 'xx', { stations: 'Demo Radio' })).toBe(
      'Demo Radio: You are unsubscribed and will receive no more messages. Reply START to resubscribe.',
    );
  });

  it('fills named parameters and leaves unknown placeholders as written', () => {
    expect(renderSmsTemplate('{station}: {types} {nope}', { station: 'KXYZ', types: 'A' })).toBe(
      'KXYZ: A {nope}',
    );
  });

  it('lists names with the language’s own conjunction', () => {
    expect(listInLanguage(['A', 'B', 'C'], 'en')).toBe('A, B, and C');
    expect(listInLanguage(['A', 'B'], 'es')).toBe('A y B');
    expect(listInLanguage(['A', 'B'], 'de')).toBe('A und B');
    expect(listInLanguage(['紧急', '警报'], 'zh')).toBe('紧急和警报');
  });
});
