// Messages and their translations: write once, one pending translation per target language,
// translated in the background; every change is announced on the station's event stream.
import {
  BACK_TRANSLATION_FAR,
  backTranslationOverlap,
  languageName,
  PHRASEBOOK_PROVIDER,
  smsTextFit,
  type TBackTranslation,
  type TLanguageCode,
  type TMessage,
  type TMessageRequest,
  translationSource,
  translationWarnings,
  type ZMessageRequest,
} from '@message-station/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { namedRead } from '../../db/rows.js';
import { pickView, type TAuditScope, type TAuditView } from '../../platform/audit-rule.js';
import { AppError, notFound } from '../../platform/errors.js';
import { TranslationError } from '../../providers/translation/types.js';
import type { TServiceContext } from '../../service-context.js';
import {
  approvalJsonSql,
  approvalPeopleSql,
  approvalsOf,
  approvalViewsFrom,
  putUpForApproval,
  type TApprovalRowJson,
  type TApprovalStation,
  type TApprovalWriteContext,
} from '../approvals/message-service.js';
import { refuseUnapproved } from '../approvals/service.js';
import { stationApprovalSettingsSql } from '../station/page-reads-service.js';
import { findStationById, listMessageTypes } from '../station/service.js';
import { userNamesJsonSql } from '../users/trail-service.js';
import type { TMessageOutsideParts } from './outside-parts.js';
import * as repo from './repo.js';
import type { TTranslationJob } from './translation-queue.js';

export type { TMessageOutsideParts } from './outside-parts.js';
export type { TTranslationJob, TTranslationQueue } from './translation-queue.js';

/** A message type's place in the translation queue: an emergency never waits behind news. */
export function translationPriority(messageType: string): number {
  return messageType === 'emergency' ? 10 : messageType === 'alert' ? 5 : 0;
}

type TInput = z.output<typeof ZMessageRequest>;
export const MESSAGE_NOT_FOUND = 'Message not found';

export function toApi(
  row: repo.TMessageRow,
  translations: repo.TTranslationRow[],
  trustedEngines: ReadonlySet<string> = new Set(),
): TMessage {
  const mine = translations.filter((t) => t.messageId === row.id);
  const firstDone = mine.find((t) => t.status === 'completed');
  return {
    id: row.id,
    title: row.title,
    original: row.original,
    original_language: row.originalLanguage,
    message_type: row.messageType,
    translated: firstDone?.translatedText ?? null,
    translated_language: firstDone?.languageCode ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    target_languages: mine.map((t) => t.languageCode),
    translations: mine.map((t) => ({
      id: t.id,
      language_code: t.languageCode,
      translated_text: t.translatedText,
      translation_status: t.status,
      error: t.error,
      edited: t.review === 'corrected',
      review_status: t.review,
      reviewed_at: t.reviewedAt?.toISOString() ?? null,
      previous_correction: t.previousCorrection,
      source: t.status === 'completed' && t.translatedText ? translationSource(t, trustedEngines) : null,
      warnings:
        t.status === 'completed' && t.translatedText
          ? translationWarnings(row.original, t.translatedText, t.unknownWords)
          : [],
      updated_at: t.updatedAt.toISOString(),
    })),
  };
}

/** What answering a message reads: its station's rows, and the parts of modules above messages. */
type TAnswerContext = Pick<TServiceContext, 'db' | 'stationId' | 'messageParts'>;

async function describe(ctx: TAnswerContext, row: repo.TMessageRow) {
  const [message] = await answers(ctx, [row], await repo.listTranslations(ctx.db, ctx.stationId, [row.id]));
  return message as TMessage;
}

/** The API's messages, each with its two-person approval state (decision 0039). */
async function answers(
  ctx: TAnswerContext,
  rows: repo.TMessageRow[],
  translations: repo.TTranslationRow[],
): Promise<TMessage[]> {
  const approvals = await approvalsOf(ctx.db, ctx.stationId, rows);
  const trusted = await ctx.messageParts.trust.enginesFor(ctx.db, ctx.stationId);
  return rows.map((row) => ({ ...toApi(row, translations, trusted), approval: approvals.get(row.id) }));
}

/** The message as the audit log keeps it (decision 0066): what staff can change. */
export function messageAuditView(message: TMessage): TAuditView {
  return pickView(message, ['title', 'original', 'original_language', 'message_type', 'target_languages']);
}

/** The audit's view of a message row as it is in the transaction `db` reads through. */
async function auditViewIn(db: DbOrTx, stationId: string, row: repo.TMessageRow) {
  return messageAuditView(toApi(row, await repo.listTranslations(db, stationId, [row.id])));
}

/**
 * The audit's view of one message of the station (a rule's `view`, decision 0066): the fields
 * staff can change, which need none of the parts above messages; not found as getMessage.
 */
export async function messageAuditViewById(
  ctx: Pick<TServiceContext, 'db' | 'stationId'>,
  messageId: string,
) {
  const row = await repo.findMessage(ctx.db, ctx.stationId, messageId);
  if (!row) throw new AppError('message_not_found');
  return auditViewIn(ctx.db, ctx.stationId, row);
}

/** One message of the station with its translations; another station's answers 404. */
export async function getMessage(ctx: TAnswerContext, messageId: string) {
  const row = await repo.findMessage(ctx.db, ctx.stationId, messageId);
  if (!row) throw new AppError('message_not_found');
  return describe(ctx, row);
}

/** What is spoken, in order: the original, then each completed translation in target order. */
export function speechParts(message: TMessage): { language: string; text: string }[] {
  return [
    { language: message.original_language, text: message.original },
    ...message.translations
      .filter((t) => t.translation_status === 'completed' && t.translated_text)
      .map((t) => ({ language: t.language_code, text: t.translated_text ?? '' })),
  ];
}

type TMessageListRow = {
  messages: {
    message: Record<string, unknown>;
    translations: Record<string, unknown>[];
    // lastSend: the JSON delivery's part wrote, which only its fromJson reads.
    extra: { lastSend: never; approval: TApprovalRowJson | null };
  }[];
  station: TApprovalStation | null;
  trusted_engines: string[];
  names: Record<string, string>;
};
type TMessageListValues = { stationId: string; limit: number; now: string; type?: string; pattern?: string };

/**
 * The list's one statement per shape (with or without a type, a search), built once (decision
 * 0061): the page with its translations, each message's latest send (delivery) and approval
 * (approvals), the station's approval settings (station), its trusted engines (translation) and
 * the names the approvals show (users), each part written by the module that owns its table.
 */
function messageListRead(parts: TMessageOutsideParts, shape: { type: boolean; search: boolean }) {
  const name = `messages_list${shape.type ? '_type' : ''}${shape.search ? '_search' : ''}`;
  return namedRead<TMessageListRow, TMessageListValues>(name, () => {
    const stationId = sql`${sql.placeholder('stationId')}::uuid`;
    const now = sql`${sql.placeholder('now')}::timestamptz`;
    const { lastSend, trust } = parts;
    return repo.messageListSql(
      {
        stationId,
        limit: sql`${sql.placeholder('limit')}::int`,
        type: shape.type ? sql`${sql.placeholder('type')}::text` : undefined,
        pattern: shape.search ? sql`${sql.placeholder('pattern')}::text` : undefined,
      },
      {
        extra: (
          messageId,
        ) => sql`json_build_object('lastSend', ${lastSend.jsonSql(stationId, messageId, now)},
          'approval', ${approvalJsonSql(stationId, messageId)})`,
        pageColumns: (pageIds, pageAuthors) => sql`${stationApprovalSettingsSql(stationId)} as station,
          ${trust.engineNamesSql(stationId)} as trusted_engines,
          ${userNamesJsonSql(sql`${pageAuthors} union ${approvalPeopleSql(stationId, pageIds)}`)} as names`,
      },
    );
  });
}
/** The reads built per set of parts (one set per app) and shape. */
const messageListReads = new WeakMap<TMessageOutsideParts, Map<string, ReturnType<typeof messageListRead>>>();

/** The list, each message with its approval and where its latest SMS send stands: one statement. */
export async function listMessages(
  ctx: Pick<TServiceContext, 'db' | 'stationId' | 'now' | 'messageParts'>,
  filter: { limit: number; type?: string; search?: string },
) {
  const shape = { type: Boolean(filter.type), search: Boolean(filter.search) };
  const key = JSON.stringify(shape);
  let reads = messageListReads.get(ctx.messageParts);
  if (!reads) {
    reads = new Map();
    messageListReads.set(ctx.messageParts, reads);
  }
  let read = reads.get(key);
  if (!read) {
    read = messageListRead(ctx.messageParts, shape);
    reads.set(key, read);
  }
  const [row] = await read(ctx.db, {
    stationId: ctx.stationId,
    limit: filter.limit,
    now: ctx.now.toISOString(),
    ...(filter.type ? { type: filter.type } : {}),
    ...(filter.search ? { pattern: `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` } : {}),
  });
  if (!row) return [];
  const page = row.messages.map((entry) => ({
    row: repo.messageRowFromJson(entry.message),
    translations: entry.translations.map(repo.translationRowFromJson),
    extra: entry.extra,
  }));
  const approvals = approvalViewsFrom(
    row.station,
    page.map((entry) => ({ message: entry.row, row: entry.extra.approval })),
    row.names,
  );
  const { lastSend, trust } = ctx.messageParts;
  const trusted = trust.enginesOf(row.trusted_engines);
  return page.map((entry) => ({
    ...toApi(entry.row, entry.translations, trusted),
    approval: approvals.get(entry.row.id),
    last_send: lastSend.fromJson(entry.extra.lastSend),
  }));
}

async function assertActiveType(ctx: Pick<TServiceContext, 'db' | 'stationId'>, messageType: string) {
  const types = await listMessageTypes(ctx.db, ctx.stationId);
  const type = types.find((t) => t.messageType === messageType);
  if (!type) throw new AppError('unknown_message_type');
  if (!type.isActive) throw new AppError('message_type_off', { type_name: type.displayName });
}

async function announce(
  ctx: Pick<TServiceContext, 'events' | 'stationId'>,
  type: string,
  data: Record<string, unknown>,
) {
  await ctx.events.publish({ stationId: ctx.stationId, type, data });
}

/**
 * Refuses a text whose SMS in its language would be over Twilio's 1,600 characters once the
 * station's name and the opt-out line are added (decision 0052): the error says the real room.
 * Machine translations are not refused here (they arrive later): the send preview flags them.
 */
export async function assertFitsSms(
  db: DbOrTx,
  stationId: string,
  texts: readonly { language: string; text: string }[],
) {
  if (texts.length === 0) return;
  const station = await findStationById(db, stationId);
  if (!station) return;
  for (const { language, text } of texts) {
    const fit = smsTextFit({ stationName: station.displayName, language }, text);
    if (!fit.fits) {
      throw new AppError('message_sms_too_long', {
        language_name: languageName(language),
        length: fit.length,
        max: fit.max,
      });
    }
  }
}

/** A translation the message starts with, finished (a template's, decision 0038): no job for it. */
export type TReadyTranslation = Pick<
  repo.TTranslationRow,
  'languageCode' | 'translatedText' | 'review' | 'reviewedBy' | 'reviewedAt' | 'provider'
>;

export async function createMessage(
  ctx: Pick<
    TServiceContext,
    'db' | 'events' | 'now' | 'stationId' | 'translationQueue' | 'userId' | 'messageParts'
  > &
    TApprovalWriteContext,
  input: TInput,
  ready: TReadyTranslation[] = [],
  /** `id`: chosen ahead, when the text links to the message (a weather alert's page, decision 0052). */
  options: { id?: string } = {},
) {
  await assertActiveType(ctx, input.message_type);
  await assertFitsSms(ctx.db, ctx.stationId, [
    { language: input.original_language, text: input.original },
    ...ready.flatMap((t) =>
      t.translatedText === null ? [] : [{ language: t.languageCode, text: t.translatedText }],
    ),
  ]);
  const { message, translations } = await ctx.db.transaction(async (tx) => {
    const message = await repo.insertMessage(tx, {
      ...(options.id ? { id: options.id } : {}),
      stationId: ctx.stationId,
      title: input.title,
      original: input.original,
      originalLanguage: input.original_language,
      messageType: input.message_type,
      createdBy: ctx.userId,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    });
    const translations = [];
    for (const language of input.target_languages) {
      const done = ready.find((t) => t.languageCode === language);
      translations.push(
        await repo.insertTranslation(tx, {
          messageId: message.id,
          stationId: ctx.stationId,
          languageCode: language,
          status: 'pending',
          ...(done ? { ...done, status: 'completed' as const } : {}),
          createdAt: ctx.now,
          updatedAt: ctx.now,
        }),
      );
    }
    await ctx.translationQueue.enqueue(
      tx,
      translations
        .filter((t) => t.status === 'pending')
        .map((t) => ({
          stationId: ctx.stationId,
          messageId: message.id,
          language: t.languageCode,
          revision: t.revision,
          priority: translationPriority(input.message_type),
        })),
    );
    await putUpForApproval(tx, ctx, message);
    return { message, translations };
  });
  ctx.translationQueue.wake();
  await announce(ctx, 'message_created', { message_id: message.id });
  const [created] = await answers(ctx, [message], translations);
  return created as TMessage;
}

export async function updateMessage(
  ctx: Pick<TServiceContext, 'db' | 'events' | 'now' | 'stationId' | 'translationQueue' | 'messageParts'> &
    TApprovalWriteContext,
  messageId: string,
  input: TInput,
  audit?: TAuditScope,
) {
  await assertActiveType(ctx, input.message_type);
  await assertFitsSms(ctx.db, ctx.stationId, [{ language: input.original_language, text: input.original }]);
  const { message, queued } = await ctx.db.transaction(async (tx) => {
    const current = await repo.findMessage(tx, ctx.stationId, messageId, { forUpdate: true });
    if (!current) throw notFound('message_not_found');
    audit?.before(await auditViewIn(tx, ctx.stationId, current));
    const originalChanged =
      current.original !== input.original || current.originalLanguage !== input.original_language;
    const message = await repo.updateMessage(tx, ctx.stationId, messageId, {
      title: input.title,
      original: input.original,
      originalLanguage: input.original_language,
      messageType: input.message_type,
      updatedAt: ctx.now,
    });
    await repo.removeTranslationsExcept(tx, ctx.stationId, messageId, input.target_languages);
    const existing = new Map(
      (await repo.listTranslations(tx, ctx.stationId, [messageId])).map((t) => [t.languageCode, t]),
    );
    const queued: TTranslationJob[] = [];
    const job = (language: string, revision: number) => ({
      stationId: ctx.stationId,
      messageId,
      language,
      revision,
      priority: translationPriority(input.message_type),
    });
    for (const language of input.target_languages) {
      const row = existing.get(language);
      if (!row) {
        const created = await repo.insertTranslation(tx, {
          messageId,
          stationId: ctx.stationId,
          languageCode: language,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        });
        queued.push(job(language, created.revision));
        continue;
      }
      // Staff's words for this same original stay: a correction, or a translation they reviewed;
      // so does the phrasebook's (decision 0050). A new original is translated like any other.
      if ((row.review !== 'machine' || row.provider === PHRASEBOOK_PROVIDER) && !originalChanged) continue;
      // A new original: staff's correction of the old one is kept beside the new machine
      // translation until they choose (a correction still waiting for that choice stays too).
      const correction = row.review === 'corrected' ? row.translatedText : null;
      const pending = await repo.bumpTranslation(tx, ctx.stationId, messageId, language, {
        status: 'pending',
        error: null,
        ...MACHINE_REVIEW,
        previousCorrection: (originalChanged ? correction : null) ?? row.previousCorrection,
        translatedText: originalChanged ? null : row.translatedText,
        updatedAt: ctx.now,
      });
      if (pending) queued.push(job(language, pending.revision));
    }
    await ctx.translationQueue.enqueue(tx, queued);
    // A changed text goes back for approval where the station requires it (decision 0039).
    if (message) await putUpForApproval(tx, ctx, message);
    return { message, queued };
  });
  if (!message) throw notFound('message_not_found');
  if (queued.length) ctx.translationQueue.wake();
  await announce(ctx, 'message_updated', { message_id: messageId });
  const updated = await describe(ctx, message);
  audit?.after(messageAuditView(updated));
  return updated;
}

export async function deleteMessage(
  ctx: Pick<TServiceContext, 'db' | 'events' | 'stationId'>,
  messageId: string,
  audit?: TAuditScope,
) {
  await ctx.db.transaction(async (tx) => {
    const current = await repo.findMessage(tx, ctx.stationId, messageId, { forUpdate: true });
    if (!current) throw notFound('message_not_found');
    audit?.before(await auditViewIn(tx, ctx.stationId, current));
    if (!(await repo.deleteMessage(tx, ctx.stationId, messageId))) throw notFound('message_not_found');
  });
  audit?.after(null);
  await announce(ctx, 'message_deleted', { message_id: messageId });
}

/** A translation as an engine will write it: nobody on staff vouches for it yet. */
const MACHINE_REVIEW = {
  review: 'machine' as const,
  reviewedBy: null,
  reviewedAt: null,
  unknownWords: [] as string[],
};

type TTranslationChangeContext = Pick<
  TServiceContext,
  'db' | 'events' | 'now' | 'stationId' | 'userId' | 'messageParts'
>;

/**
 * Changes one translation under the message's lock, so a change and a re-translate of the
 * message (updateMessage) take turns, then announces it and answers the message.
 */
async function changeTranslation(
  ctx: TTranslationChangeContext,
  messageId: string,
  language: string,
  change: (tx: DbOrTx, row: repo.TTranslationRow) => Promise<repo.TTranslationRow | null>,
) {
  const { message, row } = await ctx.db.transaction(async (tx) => {
    const message = await repo.findMessage(tx, ctx.stationId, messageId, { forUpdate: true });
    if (!message) throw notFound('message_not_found');
    const [current] = (await repo.listTranslations(tx, ctx.stationId, [messageId])).filter(
      (t) => t.languageCode === language,
    );
    if (!current) throw notFound('translation_not_found');
    return { message, row: (await change(tx, current)) ?? current };
  });
  await announce(ctx, 'translation_updated', {
    message_id: messageId,
    language_code: language,
    translation_status: row.status,
  });
  return describe(ctx, message);
}

/** Who vouches for a translation now. */
function vouchedBy(ctx: TTranslationChangeContext, review: 'reviewed' | 'corrected') {
  return {
    review,
    reviewedBy: ctx.userId,
    reviewedAt: ctx.now,
    updatedAt: ctx.now,
    // Staff's own words, or words staff read and approved: an engine's doubts no longer apply.
    ...(review === 'corrected' ? { unknownWords: [] } : {}),
  };
}

/**
 * Staff correct a translation by hand: it is marked corrected, a pending job for it is superseded,
 * and an older correction waiting for a choice is replaced by this one.
 */
export async function editTranslation(
  ctx: TTranslationChangeContext,
  messageId: string,
  language: string,
  text: string,
) {
  await assertFitsSms(ctx.db, ctx.stationId, [{ language, text }]);
  return changeTranslation(ctx, messageId, language, (tx) =>
    repo.bumpTranslation(tx, ctx.stationId, messageId, language, {
      translatedText: text,
      status: 'completed',
      error: null,
      provider: null,
      previousCorrection: null,
      ...vouchedBy(ctx, 'corrected'),
    }),
  );
}

/**
 * Staff read a finished machine translation and approve it. Approving the new translation of a
 * changed original also settles the choice against the older correction.
 */
export async function reviewTranslation(ctx: TTranslationChangeContext, messageId: string, language: string) {
  return changeTranslation(ctx, messageId, language, async (tx, row) => {
    if (row.status !== 'completed' || !row.translatedText) throw new AppError('translation_not_ready');
    if (row.review === 'corrected') return null;
    return repo.updateTranslation(tx, ctx.stationId, messageId, language, {
      previousCorrection: null,
      ...vouchedBy(ctx, 'reviewed'),
    });
  });
}

/**
 * After the original changed: `correction` puts staff's earlier correction back (superseding any
 * job still running), `machine` keeps the new machine translation, which staff have now read.
 */
export async function chooseCorrection(
  ctx: TTranslationChangeContext,
  messageId: string,
  language: string,
  keep: 'correction' | 'machine',
) {
  return changeTranslation(ctx, messageId, language, async (tx, row) => {
    if (row.previousCorrection === null) throw new AppError('no_correction_to_choose');
    if (keep === 'correction') {
      return repo.bumpTranslation(tx, ctx.stationId, messageId, language, {
        translatedText: row.previousCorrection,
        status: 'completed',
        error: null,
        provider: null,
        previousCorrection: null,
        ...vouchedBy(ctx, 'corrected'),
      });
    }
    if (row.status !== 'completed' || !row.translatedText) throw new AppError('translation_not_ready');
    return repo.updateTranslation(tx, ctx.stationId, messageId, language, {
      previousCorrection: null,
      ...vouchedBy(ctx, 'reviewed'),
    });
  });
}

/**
 * The translation put back into the original's language by the station's engines, so staff who
 * cannot read Korean can see whether the meaning survived. Not stored: asked when staff ask.
 */
export async function backTranslate(
  ctx: Pick<TServiceContext, 'db' | 'stationId' | 'stationTranslation'>,
  messageId: string,
  language: string,
): Promise<TBackTranslation> {
  const message = await repo.findMessage(ctx.db, ctx.stationId, messageId);
  if (!message) throw notFound('message_not_found');
  const [row] = (await repo.listTranslations(ctx.db, ctx.stationId, [messageId])).filter(
    (t) => t.languageCode === language,
  );
  if (!row) throw notFound('translation_not_found');
  if (row.status !== 'completed' || !row.translatedText) throw new AppError('translation_not_ready');
  const engines = await ctx.stationTranslation.chainFor(ctx.stationId);
  try {
    const back = await engines.translate({
      text: row.translatedText,
      from: language as TLanguageCode,
      to: message.originalLanguage as TLanguageCode,
    });
    const overlap = backTranslationOverlap(message.original, back);
    return {
      language_code: language,
      original_language: message.originalLanguage,
      translated_text: row.translatedText,
      back_translation: back,
      overlap: Math.round(overlap * 100) / 100,
      far: overlap < BACK_TRANSLATION_FAR,
    };
  } catch (error) {
    if (!(error instanceof TranslationError)) throw error;
    throw new AppError('back_translation_failed', { detail: error.message });
  }
}

// Rows as stored, for the modules that send, speak and translate a message.
export type { TMessageRow, TTranslationRow } from './repo.js';
export type { TMessageRequest };

/** The message, optionally locked for the transaction's update, or null. */
export function findMessage(
  db: DbOrTx,
  stationId: string,
  messageId: string,
  options: { forUpdate?: boolean } = {},
) {
  return repo.findMessage(db, stationId, messageId, options);
}

/** refuseUnapproved for a message known by id (Play, schedules); another station's message answers 404. */
export async function refuseUnapprovedById(db: DbOrTx, stationId: string, messageId: string): Promise<void> {
  const [station, message] = await Promise.all([
    findStationById(db, stationId),
    findMessage(db, stationId, messageId),
  ]);
  if (!message) throw notFound('message_not_found');
  if (station) await refuseUnapproved(db, station, message);
}

/** These messages of the station, in one read. */
export function findMessages(
  db: DbOrTx,
  stationId: string,
  messageIds: string[],
): Promise<repo.TMessageRow[]> {
  return repo.findMessages(db, stationId, messageIds);
}

/** The translations of these messages, in one read. */
export function listTranslations(db: DbOrTx, stationId: string, messageIds: string[]) {
  return repo.listTranslations(db, stationId, messageIds);
}

/**
 * Stores what a translation job produced (text, state, provider), only over the revision it
 * translated when `onlyRevision` is given; null when that revision was replaced meanwhile.
 */
export function updateTranslation(
  db: DbOrTx,
  stationId: string,
  messageId: string,
  languageCode: string,
  values: Parameters<typeof repo.updateTranslation>[4],
  onlyRevision?: number,
) {
  return repo.updateTranslation(db, stationId, messageId, languageCode, values, onlyRevision);
}

/** The translation sweep's query, in the sweep's transaction (it holds the sweep lock). */
export function listPendingTranslationsWithoutJob(
  db: DbOrTx,
  input: { jobQueue: string; updatedBefore: Date; limit: number },
) {
  return repo.listPendingTranslationsWithoutJob(db, input);
}
