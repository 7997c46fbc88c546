// Using a template: its fields filled in every language, a normal message created through the
// messages service. Translations the template has keep their review (a correction stays one);
// languages it lacks, or whose translation failed, are translated as any message's are.
import {
  checkFieldValues,
  fieldList,
  fillTemplate,
  TEXT_LIMITS,
  type TLanguageCode,
  type TMessage,
  type TMessageTypeKey,
  templateFields,
  type ZTemplateUseRequest,
} from '@message-station/shared';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import type { TServiceContext } from '../../service-context.js';
import { createMessage, type TReadyTranslation } from '../messages/service.js';
import { findTemplate, targetLanguages } from './service.js';

type TUseContext = Pick<
  TServiceContext,
  | 'db'
  | 'events'
  | 'messageParts'
  | 'now'
  | 'stationId'
  | 'translationQueue'
  | 'userId'
  | 'auth'
  | 'ip'
  | 'userAgent'
>;

export async function useTemplate(
  ctx: TUseContext,
  templateId: string,
  input: z.output<typeof ZTemplateUseRequest>,
): Promise<TMessage> {
  const { row, translations } = await findTemplate(ctx, templateId);
  const { missing, invalid } = checkFieldValues(templateFields(row.title, row.original), input.values);
  if (missing.length) throw new AppError('template_fields_missing', { fields: fieldList(missing) });
  if (invalid.length) throw new AppError('template_fields_invalid', { fields: fieldList(invalid) });

  const original = fillTemplate(row.original, row.originalLanguage, input.values);
  const title = fillTemplate(row.title, row.originalLanguage, input.values);
  if (original.length > TEXT_LIMITS.messageBody) {
    throw new AppError('field_too_long', { field: 'Message text', max: TEXT_LIMITS.messageBody });
  }
  if (title.length > TEXT_LIMITS.messageTitle) {
    throw new AppError('field_too_long', { field: 'Title', max: TEXT_LIMITS.messageTitle });
  }
  const targets = (input.target_languages ?? (await targetLanguages(ctx, row.originalLanguage))).filter(
    (language) => language !== row.originalLanguage,
  );
  const ready: TReadyTranslation[] = translations
    .filter((t) => t.status === 'completed' && t.translatedText !== null)
    .map((t) => ({
      languageCode: t.languageCode,
      translatedText: fillTemplate(t.translatedText ?? '', t.languageCode, input.values),
      review: t.review,
      reviewedBy: t.reviewedBy,
      reviewedAt: t.reviewedAt,
      provider: t.provider,
    }));
  return createMessage(
    ctx,
    {
      title,
      original,
      original_language: row.originalLanguage as TLanguageCode,
      target_languages: [...new Set(targets)],
      message_type: row.messageType as TMessageTypeKey,
    },
    ready,
  );
}
