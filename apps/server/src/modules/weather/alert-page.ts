// GET /alerts/{station}/{message}: the public page a shortened weather SMS links to (decision
// 0052). It shows the whole alert in the reader's language (?lang=), for weather messages of that
// station that were sent or are sending; anything else (a draft, another station's message, a
// message that is not a weather alert) is 404, worded the same, so the page leaks nothing. Plain
// HTML rendered here, no script, under the pages' Content-Security-Policy; English or Spanish
// around the alert's own words.
import {
  ALERT_PAGE_ROUTE,
  LANGUAGE_CODES,
  nativeLanguageName,
  type TLanguageCode,
} from '@message-station/shared';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { TAppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { newNonce, pagePolicy } from '../../platform/content-security-policy.js';
import { lastSendsOf } from '../delivery/last-send-service.js';
import { findMessage, listTranslations } from '../messages/service.js';
import { findStationBySlug } from '../station/service.js';
import * as repo from './repo.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The page's own words: Spanish for a Spanish reader, English for everyone else. */
// The page's own words in every subscriber language: a reader gets the page in the language they
// chose, as the join page (written and reviewed by us, like the phrasebook, decision 0050).
const CHROME: Record<
  TLanguageCode,
  {
    kicker: string;
    english: string;
    languages: string;
    sent: string;
    notFoundTitle: string;
    notFound: string;
  }
> = {
  en: {
    kicker: 'Weather alert',
    english: 'Full text from the National Weather Service (English)',
    languages: 'Read this alert in',
    sent: 'Sent {date}',
    notFoundTitle: 'Alert not found',
    notFound: 'This alert does not exist, or it was not sent to subscribers.',
  },
  es: {
    kicker: 'Alerta meteorológica',
    english: 'Texto completo del Servicio Meteorológico Nacional (en inglés)',
    languages: 'Leer esta alerta en',
    sent: 'Enviada el {date}',
    notFoundTitle: 'Alerta no encontrada',
    notFound: 'Esta alerta no existe o no se envió a los suscriptores.',
  },
  fr: {
    kicker: 'Alerte météo',
    english: 'Texte complet du National Weather Service (en anglais)',
    languages: 'Lire cette alerte en',
    sent: 'Envoyée le {date}',
    notFoundTitle: 'Alerte introuvable',
    notFound: "Cette alerte n'existe pas ou n'a pas été envoyée aux abonnés.",
  },
  de: {
    kicker: 'Wetterwarnung',
    english: 'Vollständiger Text des National Weather Service (Englisch)',
    languages: 'Diese Warnung lesen auf',
    sent: 'Gesendet am {date}',
    notFoundTitle: 'Warnung nicht gefunden',
    notFound: 'Diese Warnung gibt es nicht, oder sie wurde nicht an Abonnenten gesendet.',
  },
  it: {
    kicker: 'Allerta meteo',
    english: 'Testo completo del National Weather Service (in inglese)',
    languages: 'Leggi questa allerta in',
    sent: 'Inviata il {date}',
    notFoundTitle: 'Allerta non trovata',
    notFound: 'Questa allerta non esiste o non è stata inviata agli iscritti.',
  },
  pt: {
    kicker: 'Alerta meteorológico',
    english: 'Texto completo do Serviço Meteorológico Nacional (em inglês)',
    languages: 'Ler este alerta em',
    sent: 'Enviado em {date}',
    notFoundTitle: 'Alerta não encontrado',
    notFound: 'Este alerta não existe ou não foi enviado aos inscritos.',
  },
  zh: {
    kicker: '天气警报',
    english: '美国国家气象局完整原文（英文）',
    languages: '用其他语言阅读此警报',
    sent: '发送时间：{date}',
    notFoundTitle: '未找到警报',
    notFound: '此警报不存在，或未发送给订阅者。',
  },
  ja: {
    kicker: '気象警報',
    english: '米国国立気象局の全文（英語）',
    languages: 'この警報を読む言語',
    sent: '送信日時：{date}',
    notFoundTitle: '警報が見つかりません',
    notFound: 'この警報は存在しないか、登録者に送信されていません。',
  },
  ko: {
    kicker: '기상 경보',
    english: '미국 국립기상청 전문 (영어)',
    languages: '이 경보를 다른 언어로 읽기',
    sent: '보낸 시각: {date}',
    notFoundTitle: '경보를 찾을 수 없습니다',
    notFound: '이 경보는 존재하지 않거나 구독자에게 보내지지 않았습니다.',
  },
};

/** The locale dates are written in for each language (US conventions where the language has them). */
const DATE_LOCALE: Record<TLanguageCode, string> = {
  en: 'en-US',
  es: 'es-US',
  fr: 'fr',
  de: 'de',
  it: 'it',
  pt: 'pt-BR',
  zh: 'zh-CN',
  ja: 'ja',
  ko: 'ko',
};

export type TAlertPage = {
  stationName: string;
  language: TLanguageCode;
  /** The alert in `language`: its whole text, else what was sent in it, else the English. */
  text: string;
  textLanguage: string;
  /** The whole English text below, when the reader's text is not it. */
  english: string | null;
  sentAt: Date;
  /** The station's IANA zone: the time is written as its subscribers' clocks show it. */
  timeZone: string;
  languages: TLanguageCode[];
};

function isLanguage(code: string | undefined): code is TLanguageCode {
  return (LANGUAGE_CODES as readonly string[]).includes(code ?? '');
}

/** The page's content, or null for anything that must answer 404. */
export async function findAlertPage(
  db: DbOrTx,
  input: { stationSlug: string; messageId: string; lang: string | undefined; now: Date },
): Promise<TAlertPage | null> {
  if (!UUID.test(input.messageId)) return null;
  const station = await findStationBySlug(db, input.stationSlug);
  if (!station) return null;
  const alert = await repo.findAlertByMessage(db, station.id, input.messageId);
  if (!alert) return null;
  const message = await findMessage(db, station.id, input.messageId);
  if (!message) return null;
  // Only what subscribers were sent (or are being sent): never a draft.
  const send = (
    await lastSendsOf(db, { stationId: station.id, messageIds: [message.id], now: input.now })
  ).get(message.id);
  if (!send) return null;
  const translations = (await listTranslations(db, station.id, [message.id])).filter(
    (t) => t.status === 'completed' && t.translatedText,
  );
  const full = alert.fullTexts;
  const english = full.en ?? message.original;
  const language: TLanguageCode = isLanguage(input.lang) ? input.lang : 'en';
  const sentText = translations.find((t) => t.languageCode === language)?.translatedText ?? null;
  const text = language === 'en' ? english : (full[language] ?? sentText);
  const languages = LANGUAGE_CODES.filter(
    (code) => code === 'en' || full[code] !== undefined || translations.some((t) => t.languageCode === code),
  );
  return {
    stationName: station.displayName,
    language,
    text: text ?? english,
    textLanguage: text ? language : 'en',
    english: text && language !== 'en' ? english : null,
    sentAt: new Date(send.sent_at),
    timeZone: station.timeZone,
    languages,
  };
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const STYLE = `body { margin: 0; font: 17px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: #1a1b1e; background: #f8f9fa; }
main { max-width: 40rem; margin: 0 auto; padding: 24px 16px 48px; }
.kicker { margin: 0; font-size: 14px; font-weight: 700; letter-spacing: .04em; text-transform: uppercase; color: #c92a2a; }
h1 { margin: 4px 0 4px; font-size: 24px; line-height: 1.25; }
.meta { margin: 0 0 20px; color: #495057; font-size: 15px; }
.alert { background: #fff; border: 1px solid #dee2e6; border-left: 6px solid #c92a2a; border-radius: 8px;
  padding: 16px; white-space: pre-wrap; overflow-wrap: anywhere; }
h2 { font-size: 17px; margin: 28px 0 8px; }
nav ul { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: 8px; }
nav a { display: inline-block; padding: 8px 14px; border: 1px solid #1864ab; border-radius: 999px;
  color: #1864ab; text-decoration: none; min-height: 24px; }
nav a:hover, nav a:focus-visible { background: #e7f5ff; text-decoration: underline; }
nav a[aria-current="true"] { background: #1864ab; color: #fff; }
a:focus-visible { outline: 3px solid #1864ab; outline-offset: 2px; }
`;

function page(lang: string, title: string, body: string, nonce: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** The alert's page as HTML (`nonce` for its one <style>). */
export function renderAlertPage(
  content: TAlertPage,
  path: string,
  nonce: string,
): { html: string; chromeLanguage: string } {
  const chromeLanguage = content.language;
  const chrome = CHROME[chromeLanguage];
  const date = new Intl.DateTimeFormat(DATE_LOCALE[chromeLanguage], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: content.timeZone,
  }).format(content.sentAt);
  const zone =
    new Intl.DateTimeFormat('en-US', { timeZone: content.timeZone, timeZoneName: 'short' })
      .formatToParts(content.sentAt)
      .find((part) => part.type === 'timeZoneName')?.value ?? content.timeZone;
  const station = escapeHtml(content.stationName);
  const links = content.languages
    .map((code) => {
      const current = code === content.language ? ' aria-current="true"' : '';
      return `<li><a href="${escapeHtml(path)}?lang=${code}" lang="${code}" hreflang="${code}"${current}>${escapeHtml(nativeLanguageName(code))}</a></li>`;
    })
    .join('');
  const body = `<p class="kicker">${chrome.kicker}</p>
<h1>${station}</h1>
<p class="meta">${escapeHtml(chrome.sent.replace('{date}', `${date} ${zone}`))}</p>
<div class="alert" lang="${content.textLanguage}">${escapeHtml(content.text)}</div>
${
  content.english
    ? `<h2>${chrome.english}</h2>\n<div class="alert" lang="en">${escapeHtml(content.english)}</div>`
    : ''
}
${
  content.languages.length > 1
    ? `<nav aria-labelledby="languages"><h2 id="languages">${chrome.languages}</h2><ul>${links}</ul></nav>`
    : ''
}`;
  const title = `${chrome.kicker} · ${content.stationName}`;
  return { html: page(chromeLanguage, title, body, nonce), chromeLanguage };
}

function notFoundPage(lang: string | undefined, nonce: string): string {
  const chromeLanguage: TLanguageCode = isLanguage(lang) ? lang : 'en';
  const chrome = CHROME[chromeLanguage];
  return page(
    chromeLanguage,
    chrome.notFoundTitle,
    `<h1>${chrome.notFoundTitle}</h1>\n<p>${chrome.notFound}</p>`,
    nonce,
  );
}

function sendHtml(reply: FastifyReply, status: number, html: string, nonce: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('content-security-policy', pagePolicy({ scriptHashes: [], nonce, turnstile: false }))
    .send(html);
}

export type TAlertPageDeps = Pick<TAppContext, 'db' | 'now'>;

export const alertPageRoutes: FastifyPluginAsync<TAlertPageDeps> = async (fastify, deps) => {
  fastify.get<{ Params: { stationSlug: string; messageId: string }; Querystring: { lang?: string } }>(
    ALERT_PAGE_ROUTE,
    { schema: { hide: true } },
    async (request, reply) => {
      const { stationSlug, messageId } = request.params;
      const lang = typeof request.query.lang === 'string' ? request.query.lang : undefined;
      const nonce = newNonce();
      const content = await findAlertPage(deps.db, { stationSlug, messageId, lang, now: deps.now() });
      if (!content) return sendHtml(reply, 404, notFoundPage(lang, nonce), nonce);
      const path = `/alerts/${encodeURIComponent(stationSlug)}/${messageId}`;
      return sendHtml(reply, 200, renderAlertPage(content, path, nonce).html, nonce);
    },
  );
};
