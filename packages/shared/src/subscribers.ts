// Subscriber (public join/unsubscribe) and SMS contact (admin) shapes.
import { z } from 'zod';
import { LANGUAGE_CODES, MESSAGE_TYPE_KEYS } from './constants.js';
import { ZUsPhone } from './fields.js';
import { refusal } from './issue-message.js';
import { ZSubscriberCoverage } from './language-coverage.js';
import { ZVerificationCode } from './registration.js';
import { TEXT_LIMITS, textField } from './text-field.js';

/** The `{slug}` of the public subscriber calls; an unusable one is an unknown station. */
export const ZStationSlugParams = z.object({
  slug: textField({ label: 'Station', max: TEXT_LIMITS.slug, required: refusal('station_not_found') }),
});

/** The interface languages: the consent text is shown, and recorded, in the one the person reads. */
export const CONSENT_LANGUAGES = ['en', 'es'] as const;
export type TConsentLanguage = (typeof CONSENT_LANGUAGES)[number];

export const CONTACT_STATUSES = ['pending', 'active', 'paused', 'opted_out'] as const;
export type TContactStatus = (typeof CONTACT_STATUSES)[number];

/** GET /subscribe/{station}/info?language=ko: alert types worded in that language. */
export const ZStationPublicInfoQuery = z.object({
  language: z.enum(LANGUAGE_CODES, refusal('unknown_language')).optional(),
  /** The older name of `language` (en or es only). */
  lang: z.enum(CONSENT_LANGUAGES, refusal('unknown_language')).optional(),
});

/** GET /subscribe/{station}/info */
export const ZStationPublicInfo = z.object({
  station: z.object({
    name: z.string(),
    slug: z.string(),
    display_name: z.string(),
    logo_url: z.string().nullable(),
    brand_color: z.string(),
    /** Primary first; native_name is the language's own name ("Español", "한국어") for the switcher. */
    languages: z.array(
      z.object({
        id: z.string(),
        language_code: z.string(),
        display_name: z.string(),
        native_name: z.string(),
        /**
         * What its subscribers get (decision 0050): `needs_setup` means only phrasebook alerts
         * arrive in it, other messages in the primary language with a note in it. Always sent;
         * optional so pages rendered before it still read.
         */
        coverage: ZSubscriberCoverage.optional(),
      }),
    ),
    consent_text: z.string(),
    privacy_url: z.string(),
    terms_url: z.string(),
    /** False when the station has turned public subscriptions off: show that, not the form. */
    subscriptions_open: z.boolean(),
  }),
  message_types: z.array(
    z.object({
      id: z.string(),
      message_type: z.string(),
      display_name: z.string(),
      description: z.string(),
      color_code: z.string(),
    }),
  ),
});
export type TStationPublicInfo = z.infer<typeof ZStationPublicInfo>;

export const ZSubscribeRequest = z.object({
  phone: ZUsPhone,
  message_types: z
    .array(
      z.object({
        message_type: z.enum(MESSAGE_TYPE_KEYS, refusal('unknown_alert_type')),
        language: z.enum(LANGUAGE_CODES, refusal('unknown_language')),
      }),
      { error: refusal('alert_type_required') },
    )
    .min(1, refusal('alert_type_required'))
    .refine(
      (list) => new Set(list.map((c) => c.message_type)).size === list.length,
      refusal('alert_type_repeated'),
    ),
  consent_given: z.literal(true, refusal('subscriber_consent_required')),
  /** The language of the page, so the consent recorded is the one the person read (any of the nine). */
  consent_language: z.enum(LANGUAGE_CODES, refusal('unknown_language')).default('en'),
});
export type TSubscribeRequest = z.input<typeof ZSubscribeRequest>;

export const ZSubscribeResponse = z.object({
  requires_verification: z.boolean(),
  contact_id: z.string(),
  code_expires_at: z.string(),
  resend_available_at: z.string(),
  test_code: z.string().optional(),
});
export type TSubscribeResponse = z.infer<typeof ZSubscribeResponse>;

export const ZSubscriberVerifyRequest = z.object({
  contact_id: z.uuid(refusal('subscription_not_found')),
  verification_code: ZVerificationCode,
});
export type TSubscriberVerifyRequest = z.input<typeof ZSubscriberVerifyRequest>;
export const ZSubscriberResendRequest = z.object({
  contact_id: z.uuid(refusal('subscription_not_found')),
});
export type TSubscriberResendRequest = z.input<typeof ZSubscriberResendRequest>;
export const ZSubscriberResendResponse = ZSubscribeResponse.omit({
  requires_verification: true,
  contact_id: true,
});
export type TSubscriberResendResponse = z.infer<typeof ZSubscriberResendResponse>;

export const ZUnsubscribeRequest = z.object({ phone: ZUsPhone });
export type TUnsubscribeRequest = z.input<typeof ZUnsubscribeRequest>;
export const ZMessageResponse = z.object({ ok: z.literal(true), message: z.string() });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;

/** POST /dev/api/inbound (development only): a text to the station number, simulated. */
export const ZDevInboundRequest = z.object({
  from: textField({
    label: 'From',
    max: TEXT_LIMITS.phone,
    required: refusal('field_required', { field: 'From' }),
  }),
  body: textField({ label: 'Body', max: TEXT_LIMITS.smsBody }),
});
export type TDevInboundRequest = z.input<typeof ZDevInboundRequest>;

/** What the station texted back, or null. */
export const ZDevInboundResponse = z.object({ reply: z.string().nullable() });
export type TDevInboundResponse = z.infer<typeof ZDevInboundResponse>;

const ZMessagePreference = z.object({
  subscribed: z.boolean(),
  language: z.enum(LANGUAGE_CODES, refusal('unknown_language')),
});
/**
 * The keys of ZMessagePreferences as OpenAPI 3.0 can say them (it has no `propertyNames`): one
 * property per message type and no other (decision 0053).
 */
const PREFERENCES_BY_TYPE = {
  properties: Object.fromEntries(
    MESSAGE_TYPE_KEYS.map((type) => [
      type,
      z.toJSONSchema(ZMessagePreference, { target: 'openapi-3.0', io: 'input' }),
    ]),
  ),
  additionalProperties: false,
};

/** Per message type: subscribed or not, and in which language. */
export const ZMessagePreferences = z
  .partialRecord(z.enum(MESSAGE_TYPE_KEYS), ZMessagePreference)
  .meta(PREFERENCES_BY_TYPE);
export type TMessagePreferences = z.infer<typeof ZMessagePreferences>;

export const ZSmsContact = z.object({
  id: z.string(),
  name: z.string().nullable(),
  phone: z.string(),
  language: z.string(),
  message_preferences: z.record(z.string(), z.object({ subscribed: z.boolean(), language: z.string() })),
  status: z.enum(CONTACT_STATUSES),
  is_verified: z.boolean(),
  signed_up_at: z.string(),
});
export type TSmsContact = z.infer<typeof ZSmsContact>;
/** GET /admin/api/sms-contacts: one page (the total in X-Total-Count). */
export const ZSmsContactList = z.array(ZSmsContact);

export const ZSmsContactsQuery = z.object({
  search: textField({ label: 'Search', max: TEXT_LIMITS.search }).optional(),
  status: z.enum(CONTACT_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type TSmsContactsQuery = z.input<typeof ZSmsContactsQuery>;

export const ZUpdatePreferencesRequest = z.object({ message_preferences: ZMessagePreferences });
export type TUpdatePreferencesRequest = z.input<typeof ZUpdatePreferencesRequest>;
/** Staff may pause and resume; only the person can opt out or back in. */
export const ZUpdateContactStatusRequest = z.object({
  status: z.enum(['active', 'paused'], refusal('contact_status_invalid')),
});
export type TUpdateContactStatusRequest = z.input<typeof ZUpdateContactStatusRequest>;

/**
 * A new contact is subscribed to one type at least (the service refuses none with
 * `alert_type_required`): that rule as JSON Schema, for the API documents (decision 0053).
 */
const SOME_TYPE_SUBSCRIBED = {
  anyOf: MESSAGE_TYPE_KEYS.map((type) => ({
    required: [type],
    properties: { [type]: { required: ['subscribed'], properties: { subscribed: { enum: [true] } } } },
  })),
};

/**
 * A new contact without the phone: what Add Contact checks with this schema (decision 0068) while
 * the phone is checked lazily (decision 0062), so the page does not load the phone metadata.
 */
export const ZAddContactDetails = z.object({
  name: textField({ label: 'Name', max: TEXT_LIMITS.name }).optional().default(''),
  message_preferences: ZMessagePreferences.meta(SOME_TYPE_SUBSCRIBED),
  consent_attested: z.literal(true, refusal('contact_consent_required')),
});
export type TAddContactDetails = z.input<typeof ZAddContactDetails>;

export const ZAddContactRequest = z.object({
  name: ZAddContactDetails.shape.name,
  phone: ZUsPhone,
  message_preferences: ZAddContactDetails.shape.message_preferences,
  consent_attested: ZAddContactDetails.shape.consent_attested,
});
export type TAddContactRequest = z.input<typeof ZAddContactRequest>;

/** Why a CSV row cannot be imported; the page words it, `error` stays English for API clients. */
export const IMPORT_ROW_ERRORS = [
  'name_too_long',
  'phone_missing',
  'phone_invalid',
  'phone_not_us',
  'unknown_language',
  'unknown_type',
  'duplicate_row',
  'already_contact',
] as const;
export type TImportRowError = (typeof IMPORT_ROW_ERRORS)[number];

export const ZImportRow = z.object({
  line: z.number(),
  name: z.string(),
  phone: z.string(),
  language: z.string(),
  message_types: z.array(z.string()),
  /** null when the row can be imported. */
  error: z.string().nullable(),
  error_code: z.enum(IMPORT_ROW_ERRORS).nullable(),
  /** What the code's words name: {max} for name_too_long, {language}, {type}. */
  error_params: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  /**
   * The number was imported before imports verified contacts (decision 0017): importing it
   * again verifies that contact and leaves its preferences as they are.
   */
  verifies_existing: z.boolean(),
});
/** POST /admin/api/sms-contacts/import?dry_run=true: only check the rows (the default). */
export const ZImportQuery = z.object({ dry_run: z.enum(['true', 'false']).default('true') });
export type TImportQuery = z.input<typeof ZImportQuery>;

export const ZImportReport = z.object({
  total: z.number(),
  valid: z.number(),
  invalid: z.number(),
  /** New contacts, active and verified. */
  imported: z.number(),
  /** Earlier imported contacts verified by this import. */
  verified: z.number(),
  rows: z.array(ZImportRow),
});
export type TImportReport = z.infer<typeof ZImportReport>;
