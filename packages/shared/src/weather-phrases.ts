// The vetted lines a weather draft is built from in each language (decision 0050), beside the
// phrasebook's NWS event names and instructions: how long the alert lasts, that it was cancelled,
// and that NWS gave instructions the phrasebook has no vetted wording for. Times and area names
// are inserted as they are, never translated.
import type { TLanguageCode } from './constants.js';

/** "In effect until {time}." */
const UNTIL: Record<TLanguageCode, string> = {
  en: 'In effect until {time}.',
  es: 'Vigente hasta: {time}.',
  fr: "En vigueur jusqu'à {time}.",
  de: 'Gültig bis {time}.',
  it: 'In vigore fino alle ore {time}.',
  pt: 'Em vigor até {time}.',
  zh: '有效至{time}。',
  ja: '{time}まで有効です。',
  ko: '{time}까지 유효합니다.',
};

/** The word before a cancelled alert's name: "CANCELLED: Tornado Warning". */
const CANCELLED: Record<TLanguageCode, string> = {
  en: 'CANCELLED',
  es: 'CANCELADO',
  fr: 'ANNULÉ',
  de: 'AUFGEHOBEN',
  it: 'ANNULLATO',
  pt: 'CANCELADO',
  zh: '已取消',
  ja: '解除',
  ko: '해제',
};

/** The word before an update's name: "UPDATE: Tornado Warning". */
const UPDATE: Record<TLanguageCode, string> = {
  en: 'UPDATE',
  es: 'ACTUALIZACIÓN',
  fr: 'MISE À JOUR',
  de: 'AKTUALISIERUNG',
  it: 'AGGIORNAMENTO',
  pt: 'ATUALIZAÇÃO',
  zh: '更新',
  ja: '更新',
  ko: '업데이트',
};

/** NWS gave instructions beyond those the phrasebook words: they are in the English original. */
const MORE_IN_ENGLISH: Record<TLanguageCode, string> = {
  en: 'More instructions are in English.',
  es: 'Hay otras instrucciones en inglés.',
  fr: "D'autres consignes sont en anglais.",
  de: 'Weitere Anweisungen nur auf Englisch.',
  it: 'Altre istruzioni sono in inglese.',
  pt: 'Há outras instruções em inglês.',
  zh: '其他指示仅有英文版本。',
  ja: 'その他の指示は英語のみです。',
  ko: '다른 안내는 영어로만 제공됩니다.',
};

/** The last line of a shortened weather SMS (decision 0052): where the whole alert is. */
const FULL_ALERT: Record<TLanguageCode, string> = {
  en: 'Full alert: {url}',
  es: 'Alerta completa: {url}',
  fr: 'Alerte complète : {url}',
  de: 'Vollständige Warnung: {url}',
  it: 'Avviso completo: {url}',
  pt: 'Alerta completo: {url}',
  zh: '完整警报：{url}',
  ja: '警報の全文：{url}',
  ko: '전체 경보: {url}',
};

export function weatherFullAlertLine(language: TLanguageCode, url: string): string {
  return FULL_ALERT[language].replace('{url}', url);
}

export function weatherUntilLine(language: TLanguageCode, time: string): string {
  return UNTIL[language].replace('{time}', time);
}

export function weatherKindLabel(language: TLanguageCode, kind: 'cancelled' | 'update'): string {
  return (kind === 'cancelled' ? CANCELLED : UPDATE)[language];
}

export function weatherMoreInEnglish(language: TLanguageCode): string {
  return MORE_IN_ENGLISH[language];
}

/** The BCP 47 locale a language's times are written in for a US audience. */
export const TIME_LOCALES: Record<TLanguageCode, string> = {
  en: 'en-US',
  es: 'es-US',
  fr: 'fr-CA',
  de: 'de-DE',
  it: 'it-IT',
  pt: 'pt-BR',
  zh: 'zh-CN',
  ja: 'ja-JP',
  ko: 'ko-KR',
};

/** Languages whose readers in the US write times on a 12-hour clock; the others use 24 hours. */
const TWELVE_HOUR = new Set<TLanguageCode>(['en', 'es']);

/**
 * A moment as a reader of `language` writes it in `timeZone`, followed by the zone's US
 * abbreviation as broadcasters say it in every language ("12:15 AM CDT", "00:15 CDT"); the date is
 * added when it is not the day of `today`.
 */
export function weatherTime(at: Date, language: TLanguageCode, timeZone: string, today?: Date): string {
  const day = (moment: Date) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(moment);
  const sameDay = today === undefined || day(at) === day(today);
  const time = new Intl.DateTimeFormat(TIME_LOCALES[language], {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: TWELVE_HOUR.has(language) ? 'h12' : 'h23',
    ...(sameDay ? {} : { month: 'short', day: 'numeric' }),
  }).format(at);
  const zone =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  return `${time} ${zone}`;
}

/** The path of a sent weather alert's public page (decision 0052). */
export const ALERT_PAGE_ROUTE = '/alerts/:stationSlug/:messageId';

/** Where a reader of `language` finds the whole alert: the station's public page for it. */
export function alertPageUrl(publicUrl: string, stationSlug: string, messageId: string, language: string) {
  const base = publicUrl.replace(/\/+$/, '');
  return `${base}/alerts/${encodeURIComponent(stationSlug)}/${messageId}?lang=${language}`;
}
