// Message type names and descriptions per language: the Settings editor's shapes.
import { z } from 'zod';
import { LANGUAGE_CODES } from './constants.js';
import { refusal } from './issue-message.js';
import { TEXT_LIMITS, textField } from './text-field.js';

/** default: the built-in catalogue; machine: a translation engine; staff: typed in Settings. */
export const TYPE_WORDING_SOURCES = ['default', 'machine', 'staff'] as const;
export type TTypeWordingSource = (typeof TYPE_WORDING_SOURCES)[number];

/** GET /admin/api/message-type-translations: every type in every supported language. */
export const ZTypeTranslation = z.object({
  message_type_id: z.string(),
  message_type: z.string(),
  language: z.string(),
  display_name: z.string(),
  description: z.string(),
  /** null: no wording of its own yet, so subscribers read the primary language's (shown here). */
  source: z.enum(TYPE_WORDING_SOURCES).nullable(),
});
export type TTypeTranslation = z.infer<typeof ZTypeTranslation>;
export const ZTypeTranslationList = z.array(ZTypeTranslation);

/** PUT /admin/api/message-types/{id}/translations/{language} */
export const ZTypeTranslationParams = z.object({
  id: z.uuid(refusal('message_type_not_found')),
  language: z.enum(LANGUAGE_CODES, refusal('unknown_language')),
});
export const ZTypeTranslationUpdate = z.object({
  display_name: textField({
    label: 'Display name',
    max: TEXT_LIMITS.typeName,
    required: refusal('display_name_required'),
  }),
  description: textField({ label: 'Description', max: TEXT_LIMITS.typeDescription }),
});
export type TTypeTranslationUpdate = z.input<typeof ZTypeTranslationUpdate>;
