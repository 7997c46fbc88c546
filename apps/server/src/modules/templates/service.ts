// Message templates (decision 0038): saved with their translations into the station's
// languages, translated in the request by the station's engines; staff correct and review them
// as they do a message's. Using one (use.ts) makes a normal message.
import {
  compareFields,
  fieldList,
  TEMPLATE_LIMITS,
  type TLanguageCode,
  type TTemplate,
  templateFieldKind,
  templateFields,
  type ZTemplateRequest,
} from '@message-station/shared';
import type { z } from 'zod';
import { pickView, type TAuditScope, type TAuditView } from '../../platform/audit-rule.js';
import { AppError, isUniqueViolation, notFound } from '../../platform/errors.js';
import type { TServiceContext } from '../../service-context.js';
import { findStationById, listLanguages } from '../station/service.js';
import { glossaryFor } from '../translation/glossary-service.js';
import * as repo from './repo.js';
import { translateTemplateText } from './translate.js';

type TInput = z.output<typeof ZTemplateRequest>;
type TReadContext = Pick<TServiceContext, 'db' | 'stationId'>;
type TWriteContext = Pick<TServiceContext, 'db' | 'now' | 'stationId' | 'userId' | 'stationTranslation'>;

export function toApi(row: repo.TTemplateRow, translations: repo.TTemplateTranslationRow[]): TTemplate {
  return {
    id: row.id,
    name: row.name,
    message_type: row.messageType,
    title: row.title,
    original: row.original,
    original_language: row.originalLanguage,
    fields: templateFields(row.title, row.original).map((name) => ({ name, kind: templateFieldKind(name) })),
    translations: translations
      .filter((t) => t.templateId === row.id)
      .map((t) => ({
        language_code: t.languageCode,
        translated_text: t.translatedText,
        translation_status: t.status,
        error: t.error,
        lost_fields: t.lostFields,
        review_status: t.review,
        reviewed_at: t.reviewedAt?.toISOString() ?? null,
        previous_correction: t.previousCorrection,
        updated_at: t.updatedAt.toISOString(),
      })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listTemplates(ctx: TReadContext): Promise<TTemplate[]> {
  const rows = await repo.listTemplates(ctx.db, ctx.stationId);
  const translations = await repo.listTranslations(
    ctx.db,
    ctx.stationId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toApi(row, translations));
}

/** The template and its rows as stored; another station's answers 404. */
export async function findTemplate(ctx: TReadContext, templateId: string) {
  const row = await repo.findTemplate(ctx.db, ctx.stationId, templateId);
  if (!row) throw notFound('template_not_found');
  return { row, translations: await repo.listTranslations(ctx.db, ctx.stationId, [row.id]) };
}

/** A template as staff change it, as the audit log keeps it (decision 0066). */
export function templateAuditView(template: TTemplate): TAuditView {
  return pickView(template, ['name', 'message_type', 'title', 'original', 'original_language']);
}

export async function getTemplate(ctx: TReadContext, templateId: string): Promise<TTemplate> {
  const { row, translations } = await findTemplate(ctx, templateId);
  return toApi(row, translations);
}

/** The station's languages other than the original's: what a template is translated into. */
export async function targetLanguages(ctx: TReadContext, originalLanguage: string): Promise<TLanguageCode[]> {
  const station = await findStationById(ctx.db, ctx.stationId);
  if (!station) throw notFound('station_not_found');
  return (await listLanguages(ctx.db, station))
    .map((language) => language.languageCode as TLanguageCode)
    .filter((language) => language !== originalLanguage);
}

async function assertFreeName(ctx: TReadContext, name: string, templateId?: string) {
  const holder = await repo.findTemplateIdByName(ctx.db, ctx.stationId, name);
  if (holder && holder !== templateId) throw new AppError('template_name_taken', { name });
}

function assertFieldCount(input: TInput) {
  if (templateFields(input.title, input.original).length > TEMPLATE_LIMITS.fields) {
    throw new AppError('template_too_many_fields', { max: TEMPLATE_LIMITS.fields });
  }
}

/** Every language at once, each bounded in time: a slow engine fails its language, not the save. */
async function translateInto(ctx: TWriteContext, input: TInput, languages: TLanguageCode[]) {
  if (!languages.length) return [];
  const engine = await ctx.stationTranslation.chainFor(ctx.stationId);
  const from = input.original_language as TLanguageCode;
  return Promise.all(
    languages.map(async (to) =>
      translateTemplateText(engine, {
        text: input.original,
        from,
        to,
        glossary: await glossaryFor(ctx.db, ctx.stationId, to),
      }),
    ),
  );
}

const machineValues = (ctx: TWriteContext, result: Awaited<ReturnType<typeof translateInto>>[number]) => ({
  translatedText: result.translatedText,
  status: result.status,
  error: result.error,
  lostFields: result.lostFields,
  provider: result.provider,
  review: 'machine' as const,
  reviewedBy: null,
  reviewedAt: null,
  updatedAt: ctx.now,
});

const fromInput = (input: TInput) => ({
  name: input.name,
  messageType: input.message_type,
  title: input.title,
  original: input.original,
  originalLanguage: input.original_language,
});

export async function createTemplate(ctx: TWriteContext, input: TInput): Promise<TTemplate> {
  assertFieldCount(input);
  // Before any engine is paid for a template that cannot be saved.
  await assertFreeName(ctx, input.name);
  const results = await translateInto(ctx, input, await targetLanguages(ctx, input.original_language));
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const row = await repo.insertTemplate(tx, {
        stationId: ctx.stationId,
        ...fromInput(input),
        createdBy: ctx.userId,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      });
      for (const result of results) {
        await repo.upsertTranslation(
          tx,
          { stationId: ctx.stationId, templateId: row.id, languageCode: result.languageCode },
          { ...machineValues(ctx, result), createdAt: ctx.now },
        );
      }
      return row.id;
    });
    return getTemplate(ctx, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('template_name_taken', { name: input.name });
    throw error;
  }
}

/**
 * A new original is translated again into every language; a correction of the old one is kept
 * beside it (staff may put it back). Otherwise translations stay and only failed or missing
 * languages are translated: saving again is how staff retry a failed one.
 */
export async function updateTemplate(
  ctx: TWriteContext,
  templateId: string,
  input: TInput,
  audit?: TAuditScope,
): Promise<TTemplate> {
  assertFieldCount(input);
  const current = await findTemplate(ctx, templateId);
  await assertFreeName(ctx, input.name, templateId);
  const originalChanged =
    current.row.original !== input.original || current.row.originalLanguage !== input.original_language;
  const existing = new Map(current.translations.map((t) => [t.languageCode, t]));
  const targets = await targetLanguages(ctx, input.original_language);
  const results = await translateInto(
    ctx,
    input,
    targets.filter((language) => originalChanged || existing.get(language)?.status !== 'completed'),
  );
  try {
    const changedMeanwhile = await ctx.db.transaction(async (tx) => {
      const locked = await repo.findTemplate(tx, ctx.stationId, templateId, { forUpdate: true });
      if (!locked) throw notFound('template_not_found');
      // Our translations are of the original read above: another save in between starts us over.
      if (locked.updatedAt.getTime() !== current.row.updatedAt.getTime()) return true;
      audit?.before(templateAuditView(toApi(locked, [])));
      await repo.updateTemplate(tx, ctx.stationId, templateId, { ...fromInput(input), updatedAt: ctx.now });
      if (originalChanged) await repo.removeTranslationsExcept(tx, ctx.stationId, templateId, targets);
      for (const result of results) {
        const before = existing.get(result.languageCode);
        const correction = before?.review === 'corrected' ? before.translatedText : null;
        await repo.upsertTranslation(
          tx,
          { stationId: ctx.stationId, templateId, languageCode: result.languageCode },
          {
            ...machineValues(ctx, result),
            previousCorrection: (originalChanged ? correction : null) ?? before?.previousCorrection ?? null,
          },
        );
      }
      return false;
    });
    if (changedMeanwhile) return updateTemplate(ctx, templateId, input, audit);
    const template = await getTemplate(ctx, templateId);
    audit?.after(templateAuditView(template));
    return template;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('template_name_taken', { name: input.name });
    throw error;
  }
}

export async function deleteTemplate(ctx: TReadContext, templateId: string, audit?: TAuditScope) {
  await ctx.db.transaction(async (tx) => {
    const locked = await repo.findTemplate(tx, ctx.stationId, templateId, { forUpdate: true });
    if (!locked) throw notFound('template_not_found');
    audit?.before(templateAuditView(toApi(locked, [])));
    if (!(await repo.deleteTemplate(tx, ctx.stationId, templateId))) throw notFound('template_not_found');
  });
  audit?.after(null);
}

type TVouchContext = Pick<TServiceContext, 'db' | 'now' | 'stationId' | 'userId'>;

const vouchedBy = (ctx: TVouchContext, review: 'reviewed' | 'corrected') => ({
  review,
  reviewedBy: ctx.userId,
  reviewedAt: ctx.now,
  previousCorrection: null,
  updatedAt: ctx.now,
});

/**
 * Staff's own translation, kept as `corrected`: it must keep every field of the original, or the
 * message made from it would lack a value (or show a field nobody fills in).
 */
export async function correctTranslation(
  ctx: TVouchContext,
  templateId: string,
  language: string,
  text: string,
): Promise<TTemplate> {
  const { row, translations } = await findTemplate(ctx, templateId);
  const known = translations.some((t) => t.languageCode === language);
  const offered = (await targetLanguages(ctx, row.originalLanguage)).includes(language as TLanguageCode);
  if (!known && !offered) throw notFound('template_translation_not_found');
  const { missing, unknown } = compareFields(templateFields(row.original), text);
  if (missing.length)
    throw new AppError('template_translation_fields_missing', { fields: fieldList(missing) });
  if (unknown.length)
    throw new AppError('template_translation_fields_unknown', { fields: fieldList(unknown) });
  await repo.upsertTranslation(
    ctx.db,
    { stationId: ctx.stationId, templateId, languageCode: language },
    {
      translatedText: text,
      status: 'completed',
      error: null,
      lostFields: [],
      provider: null,
      ...vouchedBy(ctx, 'corrected'),
    },
  );
  return getTemplate(ctx, templateId);
}

/** Staff read a machine translation and approve it; a correction stays a correction. */
export async function reviewTranslation(ctx: TVouchContext, templateId: string, language: string) {
  const { translations } = await findTemplate(ctx, templateId);
  const row = translations.find((t) => t.languageCode === language);
  if (!row) throw notFound('template_translation_not_found');
  if (row.status !== 'completed') throw new AppError('template_translation_failed');
  if (row.review !== 'corrected') {
    await repo.updateTranslation(
      ctx.db,
      { stationId: ctx.stationId, templateId, languageCode: language },
      vouchedBy(ctx, 'reviewed'),
    );
  }
  return getTemplate(ctx, templateId);
}
