// Replies to texts from subscribers: STOP-type words opt out at once everywhere this number is a
// contact, START-type words opt back in, HELP-type words answer who we are and how to leave, and a
// language's name switches the texts to that language. The carriers' English words and their
// equivalents in the nine languages; plain-language opt-out requests count as STOP (decisions
// 0007 and 0026). Replies come from the SMS catalogue in the language the word chose.
import {
  LANGUAGE_CODES,
  listInLanguage,
  parseUsPhone,
  smsText,
  type TLanguageCode,
} from '@message-station/shared';
import type { DbOrTx } from '../../db/client.js';
import type { TServiceContext } from '../../service-context.js';
import { confirmationBody, helpBody, type TStationRef } from '../sms-texts/service.js';
import { listStationNames, stationsOfferingLanguage } from '../station/service.js';
import { recordConsent } from './consent.js';
import { announceContactsChanged } from './contact-events-service.js';
import * as repo from './repo.js';

export type TKeyword = 'stop' | 'start' | 'help';

/** The carriers' standard English set (CTIA; Twilio's defaults): they work whatever the language. */
export const STOP_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'];
export const START_WORDS = ['START', 'UNSTOP', 'YES'];
export const HELP_WORDS = ['HELP', 'INFO'];

type TWords = { stop: string[]; start: string[]; help: string[]; name: string[] };

/**
 * Each language's own words, written as people type them; matching ignores case, Latin accents and
 * trailing punctuation (ARRÊT = arret). A word listed under two languages (PARAR, SI, 停止) is
 * answered in the contact's language when it is one of them.
 */
export const LANGUAGE_WORDS: Record<TLanguageCode, TWords> = {
  en: {
    stop: [],
    start: [],
    help: [],
    name: ['ENGLISH', 'INGLÉS', 'ANGLAIS', 'ENGLISCH', 'INGLESE', '英语', '英語', '영어'],
  },
  es: {
    stop: ['ALTO', 'PARAR', 'PARE', 'CANCELAR', 'BAJA', 'DETENER'],
    start: ['COMENZAR', 'INICIAR', 'SÍ', 'ALTA', 'REANUDAR'],
    help: ['AYUDA'],
    name: ['ESPAÑOL', 'SPANISH', 'CASTELLANO'],
  },
  fr: {
    stop: ['ARRÊT', 'ARRÊTER', 'DÉSABONNER', 'DÉSINSCRIRE'],
    start: ['COMMENCER', 'OUI', 'REPRENDRE'],
    help: ['AIDE'],
    name: ['FRANÇAIS', 'FRENCH'],
  },
  de: {
    stop: ['HALT', 'STOPP', 'ABMELDEN', 'BEENDEN'],
    start: ['STARTEN', 'JA', 'ANMELDEN'],
    help: ['HILFE'],
    name: ['DEUTSCH', 'GERMAN'],
  },
  it: {
    stop: ['BASTA', 'ANNULLA', 'FERMA', 'DISISCRIVI'],
    start: ['SÌ', 'INIZIA', 'RIATTIVA'],
    help: ['AIUTO'],
    name: ['ITALIANO', 'ITALIAN'],
  },
  pt: {
    stop: ['PARAR', 'PARE', 'CANCELAR', 'SAIR'],
    start: ['SIM', 'COMEÇAR', 'INICIAR', 'VOLTAR'],
    help: ['AJUDA'],
    name: ['PORTUGUÊS', 'PORTUGUESE'],
  },
  zh: {
    stop: ['停止', '退订', '取消', '退出'],
    start: ['开始', '订阅', '是'],
    help: ['帮助'],
    name: ['中文', '汉语', '普通话', 'CHINESE'],
  },
  ja: {
    stop: ['停止', '配信停止', 'ストップ', '解除'],
    start: ['開始', '再開', 'スタート', 'はい'],
    help: ['ヘルプ'],
    name: ['日本語', 'JAPANESE'],
  },
  ko: {
    stop: ['중지', '수신거부', '그만'],
    start: ['시작', '네', '예'],
    help: ['도움말', '도움'],
    name: ['한국어', 'KOREAN'],
  },
};

/** Upper case without Latin accents, spaces or trailing punctuation ("¡Alto!" → "ALTO"). */
export function normalizeWord(body: string): string {
  return body
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '') // Latin accents only: Japanese voicing marks (U+3099) stay.
    .normalize('NFC')
    .trim()
    .replace(/^[¡¿]+/, '')
    .replace(/[.!?。！？、,，]+$/u, '')
    .trim()
    .toUpperCase();
}

export type TInboundWord =
  /** languages null: a standard English word, answered in the contact's language. */
  { keyword: TKeyword; languages: TLanguageCode[] | null } | { keyword: 'language'; language: TLanguageCode };

type TEntry = { keyword: TKeyword | 'language'; language: TLanguageCode | null };

const WORDS = new Map<string, TEntry[]>();
function addWord(word: string, entry: TEntry) {
  const key = normalizeWord(word);
  WORDS.set(key, [...(WORDS.get(key) ?? []), entry]);
}
for (const [keyword, words] of [
  ['stop', STOP_WORDS],
  ['start', START_WORDS],
  ['help', HELP_WORDS],
] as const) {
  for (const word of words) addWord(word, { keyword, language: null });
}
for (const language of LANGUAGE_CODES) {
  const words = LANGUAGE_WORDS[language];
  for (const keyword of ['stop', 'start', 'help'] as const) {
    for (const word of words[keyword]) addWord(word, { keyword, language });
  }
  for (const word of words.name) addWord(word, { keyword: 'language', language });
}

/**
 * Phrases that ask to stop in plain words ("please stop texting me", "no más mensajes"), with the
 * language they are in (null: English, answered in the contact's language). Words that are also
 * everyday speech on their own (end, quit, cancel, alto) count only as the whole message.
 */
const PLAIN_OPT_OUT: [RegExp, TLanguageCode | null][] = [
  [/\bstop\b/i, null],
  [/\bunsubscribe\b/i, null],
  [/\bopt(?:\s|-)?out\b/i, null],
  [/\bremove me\b/i, null],
  [/\btake me off\b/i, null],
  [/\bno more (?:texts|messages|alerts|sms)\b/i, null],
  [/\bdon'?t (?:text|message) me\b/i, null],
  [/\bno (?:quiero|deseo) (?:recibir|mas)\b/i, 'es'],
  [/\bno mas (?:mensajes|alertas|sms|textos)\b/i, 'es'],
  [/\bdar(?:me)? de baja\b/i, 'es'],
  [/\bne (?:plus|veux plus) (?:recevoir|de sms|de messages)\b/i, 'fr'],
  [/\bme desabonner\b/i, 'fr'],
  [/\bkeine (?:sms|nachrichten|warnungen) mehr\b/i, 'de'],
  [/\bnon (?:voglio piu|inviatemi piu)\b/i, 'it'],
  [/\bnao (?:quero mais|envie mais)\b/i, 'pt'],
  [/不要再(?:发|給我|给我)/, 'zh'],
  [/配信(?:を)?停止/, 'ja'],
  [/수신\s?거부/, 'ko'],
];

/** What a text asks for, or null when it is no keyword (most texts). */
export function matchInbound(body: string): TInboundWord | null {
  const entries = WORDS.get(normalizeWord(body));
  if (entries?.[0]) {
    const first = entries[0];
    if (first.keyword === 'language') return { keyword: 'language', language: first.language ?? 'en' };
    if (entries.some((e) => e.language === null)) return { keyword: first.keyword, languages: null };
    return {
      keyword: first.keyword,
      languages: entries.flatMap((e) => (e.language ? [e.language] : [])),
    };
  }
  const plain = body.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  for (const [pattern, language] of PLAIN_OPT_OUT) {
    if (pattern.test(plain)) return { keyword: 'stop', languages: language ? [language] : null };
  }
  return null;
}

/** The kind of keyword a text is (stop, start, help, language), or null. */
export function classifyInbound(body: string): TKeyword | 'language' | null {
  return matchInbound(body)?.keyword ?? null;
}

export type TInboundText = { providerMessageId: string; from: string; to: string; body: string };

/**
 * A text that is no keyword, handed over once (in the transaction that records it) to the
 * station inbox (decision 0040); it answers what to do after the commit.
 */
export type TConversationIntake = (
  tx: DbOrTx,
  text: TInboundText & { phone: string },
) => Promise<(() => Promise<void>) | null>;

/**
 * The language to answer in: the word's own when it has one; for a word several languages share
 * (and the carriers' English words, which everyone may use) the contact's language when it fits.
 */
function replyLanguage(word: TInboundWord, contactLanguage: string): string {
  if (word.keyword === 'language') return word.language;
  if (!word.languages) return contactLanguage;
  if ((word.languages as string[]).includes(contactLanguage)) return contactLanguage;
  return word.languages[0] ?? contactLanguage;
}

/** The contact's language: the one most recently set across the stations this number is with. */
function contactLanguage(contacts: repo.TContactRow[]): string {
  const latest = [...contacts].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0];
  return latest?.language ?? 'en';
}

/** Handles one inbound text; returns the reply sent (null when none was due or it was a repeat). */
export async function handleInboundText(
  ctx: Pick<TServiceContext, 'db' | 'now' | 'config' | 'sms' | 'log' | 'events'>,
  text: TInboundText,
  conversation?: TConversationIntake,
): Promise<string | null> {
  const phone = parseUsPhone(text.from) ?? text.from;
  const word = matchInbound(text.body);
  let afterCommit: (() => Promise<void>) | null = null;
  // The stations whose contact counts STOP or START changed, told once the change is committed.
  const changedStations = new Set<string>();
  const reply = await ctx.db.transaction(async (tx) => {
    const fresh = await repo.recordInbound(tx, {
      providerMessageId: text.providerMessageId,
      from: phone,
      to: text.to,
      body: text.body.slice(0, 1600),
      keyword: word?.keyword ?? null,
      receivedAt: ctx.now,
    });
    if (!fresh) return null;
    if (!word) {
      afterCommit = (await conversation?.(tx, { ...text, phone })) ?? null;
      return null;
    }

    const contacts = await repo.findContactsByPhoneEverywhere(tx, phone);
    const language = replyLanguage(word, contactLanguage(contacts));
    const keywordCtx: TKeywordCtx = {
      ...ctx,
      tx,
      phone,
      body: text.body,
      contacts,
      language,
      changedStations,
    };
    if (word.keyword === 'stop') return optOut(keywordCtx);
    if (word.keyword === 'start') return optIn(keywordCtx);
    if (word.keyword === 'language') return changeLanguage(keywordCtx);
    return helpBody(tx, {
      stations: await stationsOf(tx, contacts),
      language,
      publicUrl: ctx.config.publicUrl,
    });
  });

  // The text is stored: a failure of what follows (a live event) must not have it sent again.
  await (afterCommit as (() => Promise<void>) | null)?.().catch((error: unknown) =>
    ctx.log?.error({ err: error }, 'inbox follow-up failed'),
  );
  await announceContactsChanged(ctx, changedStations);
  if (!reply) return null;
  try {
    await ctx.sms.send({ to: phone, body: reply });
  } catch (error) {
    // The opt-out (or opt-in) has taken effect; a lost confirmation must not fail the webhook,
    // or the provider would retry a text we already handled.
    ctx.log?.error({ err: error, to: phone }, 'keyword reply not sent');
  }
  return reply;
}

type TKeywordCtx = Pick<TServiceContext, 'now'> & {
  tx: DbOrTx;
  phone: string;
  body: string;
  contacts: repo.TContactRow[];
  /** The reply's language. */
  language: string;
  /** Collects the stations whose contacts an opt-out or opt-in changed. */
  changedStations: Set<string>;
};

/** The stations of these contacts, once each, in the order of the contacts. */
async function stationsOf(db: DbOrTx, contacts: repo.TContactRow[]): Promise<TStationRef[]> {
  const ids = [...new Set(contacts.map((c) => c.stationId))];
  const rows = await listStationNames(db, ids);
  return ids.flatMap((id) => {
    const row = rows.find((s) => s.id === id);
    return row ? [{ id: row.id, displayName: row.displayName }] : [];
  });
}

function names(stations: TStationRef[], language: string) {
  return stations.length > 0
    ? listInLanguage(
        stations.map((s) => s.displayName),
        language,
      )
    : 'Message Station';
}

function consentEvent(ctx: TKeywordCtx, contact: repo.TContactRow, kind: 'opt_in' | 'opt_out') {
  return {
    stationId: contact.stationId,
    contactId: contact.id,
    phone: ctx.phone,
    event: kind,
    source: 'keyword' as const,
    detail: ctx.body.trim().slice(0, 160),
    createdAt: ctx.now,
  };
}

async function optOut(ctx: TKeywordCtx) {
  const changed = await repo.optOutEverywhere(ctx.tx, ctx.phone, ctx.now);
  for (const contact of changed) ctx.changedStations.add(contact.stationId);
  await recordConsent(
    ctx.tx,
    changed.map((c) => consentEvent(ctx, c, 'opt_out')),
  );
  return smsText('stop', ctx.language, {
    stations: names(await stationsOf(ctx.tx, ctx.contacts), ctx.language),
  });
}

async function optIn(ctx: TKeywordCtx) {
  // Back in: people who had confirmed before, and staff-added contacts confirming with YES.
  const eligible = ctx.contacts.filter(
    (c) => (c.status === 'opted_out' && c.isVerified) || (c.status === 'pending' && c.source !== 'web'),
  );
  for (const contact of eligible) {
    ctx.changedStations.add(contact.stationId);
    await repo.updateContact(ctx.tx, contact.stationId, contact.id, {
      status: 'active',
      isVerified: true,
      verifiedAt: contact.verifiedAt ?? ctx.now,
      optedOutAt: null,
      updatedAt: ctx.now,
    });
  }
  await recordConsent(
    ctx.tx,
    eligible.map((c) => consentEvent(ctx, c, 'opt_in')),
  );
  const [only] = eligible;
  if (!only) return smsText('start_nothing', ctx.language);
  const stations = await stationsOf(ctx.tx, eligible);
  const [station] = stations;
  if (eligible.length > 1 || !station) {
    return smsText('start_several', ctx.language, { stations: names(stations, ctx.language) });
  }
  // One station: its confirmation, naming the types this contact receives.
  const preferences = await repo.listPreferences(ctx.tx, only.stationId, [only.id]);
  return confirmationBody(ctx.tx, {
    station,
    language: ctx.language,
    types: preferences.map((p) => p.messageType),
    again: only.status === 'opted_out',
  });
}

/**
 * A language's name: every contact of the number whose station offers that language gets it, for
 * the contact and each type it receives. Nothing is recorded in the consent history (it is no
 * opt-in or opt-out); the reply is in the new language either way.
 */
async function changeLanguage(ctx: TKeywordCtx) {
  const language = ctx.language;
  const offering = new Set(
    await stationsOfferingLanguage(
      ctx.tx,
      ctx.contacts.map((c) => c.stationId),
      language,
    ),
  );
  const changed = ctx.contacts.filter((c) => offering.has(c.stationId));
  if (changed.length === 0) return smsText('language_unsupported', language);
  for (const contact of changed) {
    await repo.setContactLanguage(ctx.tx, contact.stationId, contact.id, language, ctx.now);
  }
  return smsText('language_changed', language, {
    stations: names(await stationsOf(ctx.tx, changed), language),
  });
}
