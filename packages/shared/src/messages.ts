// Message shapes.
import { z } from 'zod';
import { ZMessageApproval } from './approvals.js';
import { LANGUAGE_CODES, MESSAGE_TYPE_KEYS } from './constants.js';
import { refusal } from './issue-message.js';
import { PHRASE_FIELDS } from './phrasebook/index.js';
import { TEXT_LIMITS, textField } from './text-field.js';
import { ZTranslationWarning } from './translation-checks.js';
import { TRANSLATION_SOURCES } from './translation-trust.js';

export const TRANSLATION_STATUSES = ['pending', 'completed', 'failed'] as const;
/** `machine`: as an engine wrote it; `reviewed`: approved by staff; `corrected`: written by staff. */
export const REVIEW_STATUSES = ['machine', 'reviewed', 'corrected'] as const;
export type TReviewStatus = (typeof REVIEW_STATUSES)[number];

export const ZTranslation = z.object({
  id: z.string(),
  language_code: z.string(),
  translated_text: z.string().nullable(),
  translation_status: z.enum(TRANSLATION_STATUSES),
  error: z.string().nullable(),
  /** Corrected by hand (review_status `corrected`). */
  edited: z.boolean(),
  review_status: z.enum(REVIEW_STATUSES),
  reviewed_at: z.string().nullable(),
  /**
   * Staff's correction of an earlier original, kept when the original changed: staff choose it or
   * the new machine translation (POST …/choose) before the message can be sent by SMS.
   */
  previous_correction: z.string().nullable(),
  /** Where a completed translation's words came from (decision 0050); null until it is completed. */
  source: z.enum(TRANSLATION_SOURCES).nullable(),
  /** What a machine can see is wrong with a finished translation (numbers lost, left untranslated). */
  warnings: z.array(ZTranslationWarning),
  updated_at: z.string(),
});
export type TTranslation = z.infer<typeof ZTranslation>;

/**
 * The texts of a message's latest SMS send, from the delivery rollups: `in_flight` are still to go
 * out or going (queued, sending), `held` of them wait for 8 AM in their recipient's zone (quiet
 * hours); `sent` went to the provider, `delivered` were confirmed, `failed` were refused or lost.
 */
export const ZMessageLastSend = z.object({
  sent_at: z.string(),
  recipients: z.number().int(),
  in_flight: z.number().int(),
  held: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
});
export type TMessageLastSend = z.infer<typeof ZMessageLastSend>;

export const ZMessage = z.object({
  id: z.string(),
  title: z.string(),
  original: z.string(),
  original_language: z.string(),
  message_type: z.string(),
  /** The first completed translation, in target order. */
  translated: z.string().nullable(),
  translated_language: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  target_languages: z.array(z.string()),
  translations: z.array(ZTranslation),
  /** Two-person approval (decision 0039); in the list and detail answers. */
  approval: ZMessageApproval.optional(),
  /** Where the latest SMS send of the message stands; null when never sent. In the list answer. */
  last_send: ZMessageLastSend.nullable().optional(),
});
export type TMessage = z.infer<typeof ZMessage>;
/** GET /admin/api/messages: newest first. */
export const ZMessageList = z.array(ZMessage);

const DEFAULT_ORIGINAL_LANGUAGE = 'en';

/** Languages, type and targets of a new message, however its text is written. */
const ZLanguagesAndType = z.object({
  original_language: z.enum(LANGUAGE_CODES, refusal('unknown_language')).default(DEFAULT_ORIGINAL_LANGUAGE),
  target_languages: z
    .array(z.enum(LANGUAGE_CODES, refusal('unknown_language')), {
      error: refusal('target_language_required'),
    })
    .min(1, refusal('target_language_required'))
    .transform((list) => [...new Set(list)])
    // Repeats are merged, so the API documents ask for none (decision 0053).
    .meta({
      uniqueItems: true,
      description: `Each language once, and never the original language (${DEFAULT_ORIGINAL_LANGUAGE} when none is given).`,
    }),
  message_type: z.enum(MESSAGE_TYPE_KEYS, refusal('unknown_message_type')),
});

const ORIGINAL_NOT_TARGET = {
  message: refusal('target_language_is_original'),
  path: ['target_languages'],
};
const originalNotTarget = (value: { original_language: string; target_languages: string[] }) =>
  !value.target_languages.includes(value.original_language);
/**
 * originalNotTarget as JSON Schema, for the API documents (decision 0053): one branch per original
 * language, its targets any language but that one; without one, the default's.
 */
const ORIGINAL_NOT_TARGET_SCHEMA = {
  anyOf: [
    ...LANGUAGE_CODES.map((language) => ({
      required: ['original_language'],
      properties: {
        original_language: { enum: [language] },
        target_languages: { items: { not: { enum: [language] } } },
      },
    })),
    {
      not: { required: ['original_language'], properties: { original_language: {} } },
      properties: { target_languages: { items: { not: { enum: [DEFAULT_ORIGINAL_LANGUAGE] } } } },
    },
  ],
};

export const ZMessageRequest = z
  .object({
    title: textField({ label: 'Title', max: TEXT_LIMITS.messageTitle, required: refusal('required_fields') }),
    original: textField({
      label: 'Message text',
      max: TEXT_LIMITS.messageBody,
      required: refusal('required_fields'),
    }),
    ...ZLanguagesAndType.shape,
  })
  .refine(originalNotTarget, ORIGINAL_NOT_TARGET)
  .meta(ORIGINAL_NOT_TARGET_SCHEMA);
export type TMessageRequest = z.input<typeof ZMessageRequest>;

/**
 * POST /admin/api/messages/phrasebook: a message written from the vetted alert phrasebook. Every
 * language is the phrasebook's own words with the fields inserted as typed: no engine is asked.
 */
export const ZPhraseMessageRequest = z
  .object({
    phrase_id: z.string().max(60, refusal('phrase_not_found')),
    fields: z
      .partialRecord(z.enum(PHRASE_FIELDS, refusal('phrase_field_unknown')), z.string().max(500), {
        // A key no entry has is refused by the record itself, not by the key's enum: zod raises
        // unrecognized_keys for an enum's keys (its types name only invalid_key, raised for others).
        error: (issue) =>
          issue.code === 'invalid_key' || (issue.code as string) === 'unrecognized_keys'
            ? refusal('phrase_field_unknown')
            : undefined,
      })
      .default({}),
    ...ZLanguagesAndType.shape,
  })
  .refine(originalNotTarget, ORIGINAL_NOT_TARGET)
  .meta(ORIGINAL_NOT_TARGET_SCHEMA);
export type TPhraseMessageRequest = z.input<typeof ZPhraseMessageRequest>;

export const ZMessagesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  type: z.enum(MESSAGE_TYPE_KEYS).optional(),
  search: textField({ label: 'Search', max: TEXT_LIMITS.search }).optional(),
});
export type TMessagesQuery = z.input<typeof ZMessagesQuery>;

/** PUT /admin/api/messages/{id}/translations/{language}: which translation of which message. */
export const ZTranslationParams = z.object({
  id: z.uuid(refusal('message_not_found')),
  language: z.string().max(5),
});

export const ZTranslationEditRequest = z.object({
  translated_text: textField({
    label: 'Translation',
    max: TEXT_LIMITS.messageBody,
    required: refusal('translation_empty'),
  }),
});
export type TTranslationEditRequest = z.input<typeof ZTranslationEditRequest>;

/**
 * POST /admin/api/messages/{id}/translations/{language}/choose: after the original changed,
 * `correction` keeps staff's earlier correction, `machine` the new machine translation.
 */
export const ZCorrectionChoiceRequest = z.object({
  keep: z.enum(['correction', 'machine'], refusal('correction_choice_invalid')),
});
export type TCorrectionChoiceRequest = z.input<typeof ZCorrectionChoiceRequest>;

/**
 * POST /admin/api/messages/{id}/translations/{language}/back-translation: the translation put
 * back into the original's language by the station's engines, for staff who cannot read it.
 */
export const ZBackTranslation = z.object({
  language_code: z.string(),
  original_language: z.string(),
  /** The translation it was made from (it may have changed since). */
  translated_text: z.string(),
  back_translation: z.string(),
  /** The share of the original's words the back-translation keeps (0 to 1). */
  overlap: z.number(),
  /** The overlap is under one half: the meaning likely drifted (decision 0050). */
  far: z.boolean(),
});
export type TBackTranslation = z.infer<typeof ZBackTranslation>;

/** GET /admin/api/station */
export const ZStationSummary = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  display_name: z.string(),
  logo_url: z.string().nullable(),
  sms_enabled: z.boolean(),
  sms_credits_balance: z.number(),
  primary_language: z.string(),
  brand_color: z.string(),
  payment_status: z.string(),
  /** The zone its schedules run in. */
  time_zone: z.string(),
});
export type TStationSummary = z.infer<typeof ZStationSummary>;
