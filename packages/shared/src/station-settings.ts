// Station settings shapes.
import { z } from 'zod';
import { LANGUAGE_CODES, MESSAGE_TYPE_KEYS, PAYMENT_STATUSES } from './constants.js';
import { httpUrl, requiredText, ZBrandColor } from './fields.js';
import { refusal } from './issue-message.js';
import { ZStationTimeZone } from './schedules.js';
import { TEXT_LIMITS } from './text-field.js';

export const SETTINGS_ERRORS = {
  displayName: 'Display name is required',
  privacyUrl: 'Privacy policy URL cannot be empty',
  termsUrl: 'Terms URL cannot be empty',
  primaryNotSupported: 'Primary language must be one of the supported languages.',
  noLanguage: 'Choose at least one supported language.',
} as const;

export const ZStationSettings = z.object({
  id: z.string(),
  /** Station name as registered: read-only. */
  name: z.string(),
  slug: z.string(),
  station_slug: z.string(),
  display_name: z.string(),
  brand_color: z.string(),
  primary_language: z.string(),
  supported_languages: z.array(z.string()),
  logo_url: z.string().nullable(),
  privacy_policy_url: z.string(),
  terms_url: z.string(),
  signup_enabled: z.boolean(),
  sms_enabled: z.boolean(),
  sms_credits: z.number(),
  billing_email: z.string().nullable(),
  payment_status: z.enum(PAYMENT_STATUSES),
  /** Message types whose SMS waits until staff reviewed every translation it sends. */
  review_required_types: z.array(z.enum(MESSAGE_TYPE_KEYS)),
  /** Message types whose SMS, Play and schedules wait for a second admin's approval (decision 0039). */
  approval_required_types: z.array(z.enum(MESSAGE_TYPE_KEYS)),
  /** An emergency goes without approval even where its type requires one. */
  approval_bypass_emergency: z.boolean(),
  /**
   * The station's admins: fewer than two cannot hold a type for approval (one writes, another
   * approves; approval_needs_two_admins, decision 0077). Read-only.
   */
  admin_count: z.number().int(),
  /** The zone schedules run in (IANA). */
  time_zone: z.string(),
  /** The station's public pages on this site. */
  join_url: z.string(),
  unsubscribe_url: z.string(),
});
export type TStationSettings = z.infer<typeof ZStationSettings>;

export const ZStationSettingsRequest = z
  .object({
    display_name: requiredText('Display name', TEXT_LIMITS.name, refusal('display_name_required')),
    brand_color: ZBrandColor,
    primary_language: z.enum(
      LANGUAGE_CODES,
      refusal('invalid_value', { detail: `Primary language must be among: ${LANGUAGE_CODES.join(', ')}.` }),
    ),
    privacy_policy_url: httpUrl('Privacy policy URL', refusal('privacy_url_empty')),
    terms_url: httpUrl('Terms URL', refusal('terms_url_empty')),
    supported_languages: z
      .array(
        z.enum(
          LANGUAGE_CODES,
          refusal('supported_languages_unknown', { languages: LANGUAGE_CODES.join(', ') }),
        ),
      )
      .min(1, refusal('supported_language_required'))
      .max(LANGUAGE_CODES.length)
      .transform((list) => [...new Set(list)]),
    sms_enabled: z.boolean(),
    signup_enabled: z.boolean(),
    /** Left out: unchanged (clients from before review states keep working). */
    review_required_types: z
      .array(z.enum(MESSAGE_TYPE_KEYS, refusal('unknown_message_type')))
      .max(MESSAGE_TYPE_KEYS.length)
      .transform((list) => [...new Set(list)])
      .optional(),
    /** Left out: unchanged (clients from before two-person approval keep working). */
    approval_required_types: z
      .array(z.enum(MESSAGE_TYPE_KEYS, refusal('unknown_message_type')))
      .max(MESSAGE_TYPE_KEYS.length)
      .transform((list) => [...new Set(list)])
      .optional(),
    approval_bypass_emergency: z.boolean().optional(),
    /** Left out: unchanged (clients from before scheduling keep working). */
    time_zone: ZStationTimeZone.optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.supported_languages.includes(value.primary_language)) {
      ctx.addIssue({
        code: 'custom',
        path: ['primary_language'],
        message: refusal('primary_language_unsupported'),
      });
    }
  });
export type TStationSettingsRequest = z.input<typeof ZStationSettingsRequest>;

export const ZStationSettingsResponse = ZStationSettings.extend({
  /**
   * Subscriber choices that were in a language the station no longer supports, moved to the
   * primary language (decision 0009).
   */
  moved_subscriptions: z.number(),
  moved_contacts: z.number(),
});
export type TStationSettingsResponse = z.infer<typeof ZStationSettingsResponse>;
