// Messages and their translations: write once, one pending translation per target language,
// translated in the background; every change is announced on the station's event stream.
import type { TMessage, TMessageRequest, ZMessageRequest } from '@message-station/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { TEventBus } from '../../platform/event-bus.js';
import { listMessageTypes } from '../station/service.js';
import * as repo from './repo.js';

export type TTranslationQueue = {
  enqueue(job: { stationId: string; messageId: string; language: string; revision: number }): Promise<void>;
};

export type TMessageContext = {
  db: Db;
  events: TEventBus;
  queue: TTranslationQueue;
  now: Date;
  stationId: string;
  userId: string;
};

type TInput = z.output<typeof ZMessageRequest>;
export const MESSAGE_NOT_FOUND = 'Message not found';

export function toApi(row: repo.TMessageRow, translations: repo.TTranslationRow[]): TMessage {
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
      edited: t.edited,
      updated_at: t.updatedAt.toISOString(),
    })),
  };
}

async function describe(ctx: Pick<TMessageContext, 'db' | 'stationId'>, row: repo.TMessageRow) {
  return toApi(row, await repo.listTranslations(ctx.db, ctx.stationId, [row.id]));
}

/** One message of the station with its translations; another station's answers 404. */
export async function getMessage(ctx: Pick<TMessageContext, 'db' | 'stationId'>, messageId: string) {
  const row = await repo.findMessage(ctx.db, ctx.stationId, messageId);
  if (!row) throw new AppError(404, MESSAGE_NOT_FOUND);
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

export async function listMessages(
  ctx: Pick<TMessageContext, 'db' | 'stationId'>,
  filter: { limit: number; type?: string; search?: string },
) {
  const rows = await repo.listMessages(ctx.db, ctx.stationId, filter);
  const translations = await repo.listTranslations(
    ctx.db,
    ctx.stationId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toApi(row, translations));
}

async function assertActiveType(ctx: TMessageContext, messageType: string) {
  const types = await listMessageTypes(ctx.db, ctx.stationId);
  const type = types.find((t) => t.messageType === messageType);
  if (!type) throw new AppError(400, 'Unknown message type.');
  if (!type.isActive) throw new AppError(400, `The ${type.displayName} type is turned off in Settings.`);
}

async function announce(ctx: TMessageContext, type: string, data: Record<string, unknown>) {
  await ctx.events.publish({ stationId: ctx.stationId, type, data });
}

export async function createMessage(ctx: TMessageContext, input: TInput) {
  await assertActiveType(ctx, input.message_type);
  const { message, translations } = await ctx.db.transaction(async (tx) => {
    const message = await repo.insertMessage(tx, {
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
      translations.push(
        await repo.insertTranslation(tx, {
          messageId: message.id,
          stationId: ctx.stationId,
          languageCode: language,
          status: 'pending',
          createdAt: ctx.now,
          updatedAt: ctx.now,
        }),
      );
    }
    return { message, translations };
  });
  for (const t of translations) {
    await ctx.queue.enqueue({
      stationId: ctx.stationId,
      messageId: message.id,
      language: t.languageCode,
      revision: t.revision,
    });
  }
  await announce(ctx, 'message_created', { message_id: message.id });
  return toApi(message, translations);
}

export async function updateMessage(ctx: TMessageContext, messageId: string, input: TInput) {
  await assertActiveType(ctx, input.message_type);
  const { message, queued } = await ctx.db.transaction(async (tx) => {
    const current = await repo.findMessage(tx, ctx.stationId, messageId, { forUpdate: true });
    if (!current) throw notFound(MESSAGE_NOT_FOUND);
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
    const queued: { language: string; revision: number }[] = [];
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
        queued.push({ language, revision: created.revision });
        continue;
      }
      // A hand correction of this same original stays; a new original needs a new translation.
      if (row.edited && !originalChanged) continue;
      const revision = row.revision + 1;
      await repo.updateTranslation(tx, ctx.stationId, messageId, language, {
        status: 'pending',
        error: null,
        edited: false,
        revision,
        translatedText: originalChanged ? null : row.translatedText,
        updatedAt: ctx.now,
      });
      queued.push({ language, revision });
    }
    return { message, queued };
  });
  if (!message) throw notFound(MESSAGE_NOT_FOUND);
  for (const job of queued) await ctx.queue.enqueue({ stationId: ctx.stationId, messageId, ...job });
  await announce(ctx, 'message_updated', { message_id: messageId });
  return describe(ctx, message);
}

export async function deleteMessage(ctx: TMessageContext, messageId: string) {
  if (!(await repo.deleteMessage(ctx.db, ctx.stationId, messageId))) throw notFound(MESSAGE_NOT_FOUND);
  await announce(ctx, 'message_deleted', { message_id: messageId });
}

/** Staff correct a translation by hand; it is marked and a pending job for it is superseded. */
export async function editTranslation(
  ctx: TMessageContext,
  messageId: string,
  language: string,
  text: string,
) {
  const message = await repo.findMessage(ctx.db, ctx.stationId, messageId);
  if (!message) throw notFound(MESSAGE_NOT_FOUND);
  const [current] = (await repo.listTranslations(ctx.db, ctx.stationId, [messageId])).filter(
    (t) => t.languageCode === language,
  );
  if (!current) throw notFound('This message has no translation in that language.');
  await repo.updateTranslation(ctx.db, ctx.stationId, messageId, language, {
    translatedText: text,
    status: 'completed',
    error: null,
    edited: true,
    revision: current.revision + 1,
    provider: null,
    updatedAt: ctx.now,
  });
  await announce(ctx, 'translation_updated', {
    message_id: messageId,
    language_code: language,
    translation_status: 'completed',
  });
  return describe(ctx, message);
}

export type { TMessageRequest };
