// Message templates: a saved message with `{field}` placeholders and its translations;
// used with field values, it becomes a normal message in every language. The filling rules live
// here so the server's message and the web's preview are the same text.
import { z } from 'zod';
import { LANGUAGE_CODES, MESSAGE_TYPE_KEYS } from './constants.js';
import { refusal } from './issue-message.js';
import { REVIEW_STATUSES } from './messages.js';
import { TEXT_LIMITS, textField } from './text-field.js';

export const TEMPLATE_LIMITS = {
  name: 100,
  /** Distinct fields in one template: a form staff fill in under pressure, not a mail merge. */
  fields: 10,
  fieldName: 40,
  /** What staff type into a text field ("Lincoln High School", "a water main break"). */
  fieldValue: 200,
} as const;

/** `{name}`: letters, digits and underscore. Anything else in braces is plain text. */
const FIELD_PATTERN = /\{([A-Za-z0-9_]{1,40})\}/g;

export const TEMPLATE_FIELD_KINDS = ['date', 'time', 'text'] as const;
export type TTemplateFieldKind = (typeof TEMPLATE_FIELD_KINDS)[number];

/**
 * A field named `date` or ending in `_date` (`{return_date}`) takes a day, YYYY-MM-DD; `time` or
 * `…_time` takes a time of day, HH:MM (24-hour). Both are written in each language's own form.
 * Every other field is inserted as typed. (`{update}` is text: only the whole word counts.)
 */
export function templateFieldKind(name: string): TTemplateFieldKind {
  const lower = name.toLowerCase();
  if (lower === 'date' || lower.endsWith('_date')) return 'date';
  if (lower === 'time' || lower.endsWith('_time')) return 'time';
  return 'text';
}

/** The distinct fields of the texts, in the order they first appear. */
export function templateFields(...texts: string[]): string[] {
  const names = texts.flatMap((text) => [...text.matchAll(FIELD_PATTERN)].map((match) => match[1] as string));
  return [...new Set(names)];
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The moment a field's value stands for (a day at midnight UTC, or a time on a fixed day), or null. */
function fieldMoment(kind: TTemplateFieldKind, value: string): Date | null {
  if (kind === 'date') {
    const match = ISO_DATE.exec(value);
    if (!match) return null;
    const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
    // 2026-02-30 rolls over into March: not a day anyone meant.
    return day.toISOString().startsWith(value) ? day : null;
  }
  const match = TIME.exec(value);
  return match ? new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2]))) : null;
}

/** Fields without a value, and date or time fields whose value is not one. */
export function checkFieldValues(
  fields: string[],
  values: Record<string, string | undefined>,
): { missing: string[]; invalid: string[] } {
  const missing: string[] = [];
  const invalid: string[] = [];
  for (const field of fields) {
    const value = values[field]?.trim();
    if (!value) missing.push(field);
    else if (templateFieldKind(field) !== 'text' && !fieldMoment(templateFieldKind(field), value)) {
      invalid.push(field);
    }
  }
  return { missing, invalid };
}

/** A field's value as a reader of `language` writes it: "Monday, December 7" / "lunes, 7 de diciembre". */
export function formatFieldValue(field: string, value: string, language: string): string {
  const kind = templateFieldKind(field);
  const moment = kind === 'text' ? null : fieldMoment(kind, value.trim());
  if (!moment) return value.trim();
  const options: Intl.DateTimeFormatOptions =
    kind === 'date'
      ? { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }
      : { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(language, options).format(moment);
}

/** The text with each `{field}` replaced by what `replace` gives for its name. */
export function replaceFields(text: string, replace: (field: string, written: string) => string): string {
  return text.replace(FIELD_PATTERN, (written, field: string) => replace(field, written));
}

/** The text with every field that has a value filled in, in `language`'s form; others stay as written. */
export function fillTemplate(
  text: string,
  language: string,
  values: Record<string, string | undefined>,
): string {
  return replaceFields(text, (field, written) => {
    const value = values[field]?.trim();
    return value ? formatFieldValue(field, value, language) : written;
  });
}

/** Fields of `expected` not in `text`, and fields of `text` not in `expected`. */
export function compareFields(expected: string[], text: string): { missing: string[]; unknown: string[] } {
  const found = templateFields(text);
  return {
    missing: expected.filter((field) => !found.includes(field)),
    unknown: found.filter((field) => !expected.includes(field)),
  };
}

/** Fields as a list in error params: "date, school". */
export const fieldList = (fields: string[]) => fields.map((field) => `{${field}}`).join(', ');

// ─── API shapes ──────────────────────────────────────────────────────────────────────────────

export const ZTemplateTranslation = z.object({
  language_code: z.string(),
  /** With the fields as placeholders; null when the translation failed. */
  translated_text: z.string().nullable(),
  translation_status: z.enum(['completed', 'failed']),
  error: z.string().nullable(),
  /** Fields the engine dropped (why it failed): staff correct the translation keeping them. */
  lost_fields: z.array(z.string()),
  review_status: z.enum(REVIEW_STATUSES),
  reviewed_at: z.string().nullable(),
  /** Staff's correction of the previous original, kept after the original changed. */
  previous_correction: z.string().nullable(),
  updated_at: z.string(),
});
export type TTemplateTranslation = z.infer<typeof ZTemplateTranslation>;

export const ZTemplateField = z.object({ name: z.string(), kind: z.enum(TEMPLATE_FIELD_KINDS) });
export type TTemplateField = z.infer<typeof ZTemplateField>;

export const ZTemplate = z.object({
  id: z.string(),
  name: z.string(),
  message_type: z.string(),
  title: z.string(),
  original: z.string(),
  original_language: z.string(),
  /** The fields of title and original, in order, each with how its value is written. */
  fields: z.array(ZTemplateField),
  translations: z.array(ZTemplateTranslation),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TTemplate = z.infer<typeof ZTemplate>;
export const ZTemplateList = z.array(ZTemplate);

/** POST /admin/api/templates and PUT /admin/api/templates/{id}. */
export const ZTemplateRequest = z.object({
  name: textField({
    label: 'Template name',
    max: TEMPLATE_LIMITS.name,
    required: refusal('required_fields'),
  }),
  message_type: z.enum(MESSAGE_TYPE_KEYS, refusal('unknown_message_type')),
  title: textField({ label: 'Title', max: TEXT_LIMITS.messageTitle, required: refusal('required_fields') }),
  original: textField({
    label: 'Message text',
    max: TEXT_LIMITS.messageBody,
    required: refusal('required_fields'),
  }),
  original_language: z.enum(LANGUAGE_CODES, refusal('unknown_language')).default('en'),
});
export type TTemplateRequest = z.input<typeof ZTemplateRequest>;

/** PUT /admin/api/templates/{id}/translations/{language}: staff's correction, fields kept. */
export const ZTemplateTranslationEditRequest = z.object({
  translated_text: textField({
    label: 'Translation',
    max: TEXT_LIMITS.messageBody,
    required: refusal('translation_empty'),
  }),
});
export type TTemplateTranslationEditRequest = z.input<typeof ZTemplateTranslationEditRequest>;

/** POST /admin/api/templates/{id}/messages: the field values; a normal message is created. */
export const ZTemplateUseRequest = z.object({
  values: z
    .record(
      z.string().max(TEMPLATE_LIMITS.fieldName),
      textField({ label: 'Field value', max: TEMPLATE_LIMITS.fieldValue }),
    )
    .default({}),
  /** The languages to translate into; the station's languages other than the original when left out. */
  target_languages: z
    .array(z.enum(LANGUAGE_CODES, refusal('unknown_language')))
    .min(1)
    .optional(),
});
export type TTemplateUseRequest = z.input<typeof ZTemplateUseRequest>;

export const ZTemplateIdParams = z.object({ id: z.uuid(refusal('template_not_found')) });
export const ZTemplateTranslationParams = z.object({
  id: z.uuid(refusal('template_not_found')),
  language: z.string().max(5),
});
