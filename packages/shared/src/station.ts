// The station's message types, languages and logo as the admin calls read and change them
// (message-types, station-languages, station/logo).
import { z } from 'zod';
import { HEX_COLOR_PATTERN } from './fields.js';
import { refusal } from './issue-message.js';
import { TEXT_LIMITS, textField } from './text-field.js';

/** A message type in the station's primary language: what Settings edits. */
export const ZMessageTypeItem = z.object({
  id: z.string(),
  message_type: z.string(),
  display_name: z.string(),
  description: z.string(),
  color_code: z.string(),
  is_active: z.boolean(),
});
export type TMessageTypeItem = z.infer<typeof ZMessageTypeItem>;

export const ZStaffTypeName = z.object({ display_name: z.string(), description: z.string() });
export type TStaffTypeName = z.infer<typeof ZStaffTypeName>;

/** The list adds each type's words in the staff interface's languages (the pages show them). */
export const ZMessageTypeListItem = ZMessageTypeItem.extend({
  names: z
    .object({ en: ZStaffTypeName, es: ZStaffTypeName })
    .describe("The type's name and description in each interface language (en, es)"),
});
export type TMessageTypeListItem = z.infer<typeof ZMessageTypeListItem>;

/** GET /admin/api/message-types: the four types in display order. */
export const ZMessageTypeList = z.array(ZMessageTypeListItem);

/** PUT /admin/api/message-types/{id}: the type key itself never changes. */
export const ZMessageTypeUpdate = z.object({
  display_name: textField({
    label: 'Display name',
    max: TEXT_LIMITS.typeName,
    required: refusal('display_name_required'),
  }),
  description: textField({ label: 'Description', max: TEXT_LIMITS.typeDescription }),
  color_code: z
    .string()
    .regex(
      HEX_COLOR_PATTERN,
      refusal('invalid_value', { detail: 'Colour must be a hex colour such as #dc3545.' }),
    ),
  is_active: z.boolean(),
});
export type TMessageTypeUpdate = z.input<typeof ZMessageTypeUpdate>;

export const ZStationLanguage = z.object({
  id: z.string(),
  language_code: z.string(),
  display_name: z.string(),
  is_active: z.boolean(),
});
export type TStationLanguage = z.infer<typeof ZStationLanguage>;

/** GET /admin/api/station-languages: primary first. */
export const ZStationLanguageList = z.array(ZStationLanguage);

/** POST /admin/api/station/logo: where the new logo is served. */
export const ZLogoUploadResponse = z.object({ logo_url: z.string() });
export type TLogoUploadResponse = z.infer<typeof ZLogoUploadResponse>;

/** GET /api/stations/{slug}/logo. */
export const ZStationLogoParams = z.object({ slug: textField({ label: 'Station', max: TEXT_LIMITS.slug }) });
