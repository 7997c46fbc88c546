// Every refusal the server answers, by a stable code (decision 0028). The server sends
// `{error, code, params}`: `error` is the English text filled from this catalogue (API clients and
// the spec's "server error text is shown as given" read it), `code` and `params` let the web word it
// in the interface language (apps/web/src/locales/{en,es}/errors.json). A code never changes
// meaning; a new refusal gets a new code.
import { APPROVAL_ERRORS } from './approvals.js';
import type {} from './issue-message.js';
import { WEBHOOK_ERRORS } from './outbound-webhooks.js';
import { SCHEDULE_ERRORS } from './schedules.js';
import { SEND_REQUEST_ERRORS } from './send-requests.js';
import { STATION_KEY_ERRORS } from './station-keys.js';
import { STATION_SMS_TEXT_ERRORS } from './station-sms-texts.js';
import { WEATHER_ERRORS } from './weather.js';

/** One English text with `{{param}}` placeholders. */
type TText = string;
/** A text that depends on a number: `one` when `count`'s param is 1, else `other`. */
type TPlural = { readonly count: string; readonly one: TText; readonly other: TText };
/** A text chosen by one param's value (e.g. which rate limit refused). */
type TSelect = { readonly select: string; readonly cases: Readonly<Record<string, TText>> };
export type TErrorTemplate = TText | TPlural | TSelect;

export const ERROR_CODES = {
  // Generic
  not_found: 'Not found',
  /** The web's own, for a call that never reached the server (the server never answers it). */
  network_error: 'Network error. Please try again.',
  internal_error: 'Internal server error',
  request_failed: '{{detail}}',
  authentication_required: 'Authentication required',
  not_signed_in: 'Not signed in',
  admin_required: 'You need administrator privileges to access this page.',
  superadmin_required: 'Superadmin access required',
  csrf_invalid: 'Invalid or missing CSRF token. Reload the page and try again.',
  /** A known path asked with a method it does not take (decision 0053); `allow`: the ones it does. */
  method_not_allowed: '{{method}} is not allowed here. Allowed: {{allow}}.',
  database_unavailable: 'Database unavailable',
  rate_limited: {
    select: 'rate_limit',
    cases: {
      route: 'Too many attempts. Please try again in {{wait}}.',
      sign_in: 'Too many attempts. Please try again in {{wait}}.',
      code_cooldown: 'Please wait {{wait}} before requesting a new code.',
      code_number: 'Too many codes were sent to this number. Please try again in {{wait}}.',
      code_station: 'This station has sent too many verification codes. Please try again in {{wait}}.',
      code_service: 'Too many verification codes are being sent. Please try again in {{wait}}.',
      code_signup: 'Too many new stations are signing up right now. Please try again in {{wait}}.',
      code_signup_address: 'Too many signups were started from your network. Please try again in {{wait}}.',
      api_key: 'Too many requests with this API key. Please try again in {{wait}}.',
    },
  },
  too_many_streams: 'Too many live pages are open for this station. Close some and try again.',

  // Request bodies (decision 0024)
  invalid_request: 'Invalid request',
  invalid_field: '{{field}}: {{detail}}',
  field_required: '{{field}} is required.',
  field_not_text: '{{field}} must be text.',
  field_too_long: '{{field}} must be at most {{max}} characters.',
  invalid_value: '{{detail}}',
  unstorable_text: 'Text must not contain NUL characters or invalid Unicode.',
  body_too_deep: 'The request body is nested too deeply.',
  body_invalid_json: 'The request body is not valid JSON.',
  body_empty: 'The request body is empty. Send a JSON object.',
  unsupported_media_type: 'Unsupported content type. Send JSON (Content-Type: application/json).',
  not_multipart: 'Send the file as multipart/form-data.',
  body_too_large: 'The request body is too large.',
  too_many_parts: 'The upload has too many files or fields.',
  content_length_mismatch: 'The request body does not match its Content-Length.',
  bad_request: 'The request could not be read.',
  headers_too_large: 'The request headers are too large.',
  request_timeout: 'The request took too long to arrive.',
  upload_broken: 'The upload was cut off or malformed. Please try again.',
  phone_not_us: 'Only US phone numbers (+1) can be used.',
  phone_invalid: 'Please enter a valid US phone number.',
  phone_required: 'Phone number is required.',
  unknown_language: 'Unknown language.',
  required_fields: 'Please fill in all required fields',
  email_invalid: 'Please enter a valid {{field}}.',
  url_invalid: '{{field}} must be a valid http(s) URL.',
  password_too_short: 'Password must be at least 8 characters long.',
  password_too_short_user: 'Password must be at least 8 characters.',
  password_required: 'Password is required',
  current_password_required: 'Enter your current password.',
  email_required: 'Email is required',
  display_name_required: 'Display name is required',
  code_required: 'Enter the code.',
  two_factor_code_format: 'Enter the 6-digit code from your authenticator app.',
  verification_code_format: 'Please enter the 6-digit verification code.',
  brand_color_invalid: 'Brand color must be a hex color such as #007bff.',
  /** A time zone outside STATION_TIME_ZONES (signup, Settings, schedules; decision 0071). */
  time_zone_unknown: 'Choose a time zone from the list.',
  station_name_letters: 'Station name must contain letters or digits.',
  supported_language_required: 'Choose at least one supported language.',
  supported_languages_repeat: 'Supported languages must not repeat.',
  supported_languages_unknown: 'Supported languages must be among: {{languages}}.',
  primary_language_unsupported: 'Primary language must be one of the supported languages.',
  /** Signup's primary language outside the product's languages. */
  primary_language_unknown: 'Primary language must be one of: {{languages}}.',
  privacy_url_empty: 'Privacy policy URL cannot be empty',
  terms_url_empty: 'Terms URL cannot be empty',
  machine_required: 'Please select a machine',
  target_language_required: 'Please select at least one target language',
  target_language_is_original: 'The original language cannot be a target language.',
  translation_empty: 'The translation cannot be empty.',
  text_far_too_long: 'The text is far too long.',
  alert_type_repeated: 'Each alert type may be chosen only once.',
  message_type_repeated: 'Each message type may appear only once.',
  unknown_alert_type: 'Unknown alert type.',
  category_required: 'Please choose a category.',
  contact_consent_required: 'Please confirm that this person agreed to receive SMS alerts.',
  subscriber_consent_required: 'Please confirm that you consent to receive SMS messages.',
  role_invalid: 'Role must be admin or user.',
  contact_status_invalid: 'Status must be active or paused.',
  audio_format_invalid: 'Format must be wav or mp3.',
  idempotency_key_invalid: 'Idempotency-Key must be 1 to 200 visible ASCII characters',

  // Sign-in, password reset, account (decision 0020)
  invalid_login: 'Invalid email or password',
  invalid_api_key: 'Invalid Station ID or API key',
  api_access_off: 'API access is turned off for this user.',
  api_access_needs_plan: 'API access needs an active subscription or free trial.',
  api_key_revoked: 'This API key was revoked. Generate a new key on the Users page.',
  reset_token_invalid: 'Invalid or expired token',
  reset_no_phone: 'This account has no phone number for the verification code. Please contact support.',
  reset_too_many_emails: 'Too many password reset emails for this account. Please try again in an hour.',
  reset_admin_only: 'Only a station admin can send a password reset from the Users page.',
  wrong_password: 'Your current password is not correct.',
  same_password: 'Choose a password different from your current one.',
  invalid_two_factor_code: 'That code is not valid. Check your authenticator app and try again.',
  /** The same words on My Account (setting up, turning off): 400, the user stays signed in. */
  two_factor_code_rejected: 'That code is not valid. Check your authenticator app and try again.',
  two_factor_challenge_expired: 'This sign-in took too long or had too many tries. Please sign in again.',
  two_factor_too_many_codes:
    'Too many codes were tried for this account. Please wait an hour and sign in again.',
  two_factor_already_enabled: 'Two-factor sign-in is already on.',
  two_factor_not_enabled: 'Two-factor sign-in is not on.',
  two_factor_setup_not_started: 'Start the setup again.',
  two_factor_required_by_station:
    'Your station requires two-factor sign-in for admins, so it cannot be turned off.',
  two_factor_setup_required:
    'Your station requires two-factor sign-in for admins. Set it up on My Account first.',
  two_factor_enable_own_first: 'Turn on two-factor sign-in for your own account first.',
  session_not_found: 'Session not found',

  // Verification codes
  code_sent_too_often_number: 'Too many codes were sent to this number. Please try again in an hour.',
  code_sent_too_often_ip: 'Too many verification codes were requested. Please try again in an hour.',
  code_cooldown: 'Please wait {{seconds}} seconds before requesting a new code.',
  code_none_pending: 'No verification code is pending. Please request a new one.',
  code_too_many_wrong: 'Too many wrong codes. Please request a new one.',
  code_expired: 'Verification code expired. Please request a new one.',
  verification_code_invalid: {
    count: 'attempts_left',
    one: 'Invalid verification code. {{attempts_left}} attempt left.',
    other: 'Invalid verification code. {{attempts_left}} attempts left.',
  },
  sms_number_unreachable: 'We could not send a text message to this number. Please check it and try again.',
  sms_code_unavailable: 'We could not send the verification code right now. Please try again in a moment.',
  sms_confirmation_unavailable:
    'We could not send the confirmation text right now. Please try again in a moment.',
  captcha_required: 'Please complete the CAPTCHA verification',
  altcha_not_in_use: 'ALTCHA is not the bot check in use',

  // Registration
  registration_not_found: 'Registration not found. Please start over.',
  registration_complete: 'This registration is already complete. Please sign in.',
  registration_expired: 'Registration expired. Please start over.',
  registration_email_taken:
    'An account with this email already exists. Please sign in or use a different email.',
  station_id_taken: 'Station ID "{{station_id}}" is already taken. Please choose a different station name.',
  registration_taken_meanwhile: 'This station ID or email was just taken. Please start over.',

  // Users and invitations
  user_not_found: 'User not found',
  email_taken: 'A user with this email address already exists.',
  admin_not_deletable: 'Admin accounts cannot be deleted through the interface. Please contact support.',
  admin_not_editable: 'Admin accounts cannot be edited through the interface. Please contact support.',
  invitation_pending: 'An invitation for this email address is already pending.',
  invitation_not_found: 'Invitation not found',
  invitation_invalid: 'This invitation link is not valid or has expired.',

  // Station, settings, logo, types
  station_not_found: 'Station not found',
  message_type_not_found: 'Message type not found',
  language_not_offered: 'The language "{{language}}" is not offered by this station.',
  logo_missing_file: 'Choose a logo file to upload (field "logo").',
  logo_not_found: 'No logo',
  logo_empty: 'The logo file is empty.',
  logo_too_large: 'File size must be under {{max_mb}}MB',
  logo_wrong_type: 'File type must be: {{types}}',
  logo_unreadable: 'The logo is not a readable PNG or JPEG image.',
  logo_too_big: 'The logo must be at most {{max_side}} × {{max_side}} pixels.',
  logo_too_many_pixels:
    'The logo is {{width}} × {{height}} pixels; at most {{max_megapixels}} million pixels are accepted (for example 2000 × 2000).',
  logo_busy: 'Other logos are being processed right now. Please try again in a moment.',

  // Subscribers (public pages)
  subscriptions_closed: 'This station is not accepting new SMS subscriptions right now.',
  alert_type_not_offered: 'The alert type "{{message_type}}" is not offered by this station.',
  subscription_not_found: 'Subscription not found. Please start again.',
  already_confirmed: 'This number is already confirmed. There is nothing to verify.',

  // Contacts
  contact_not_found: 'Contact not found',
  unknown_message_type_key: 'Unknown message type "{{message_type}}".',
  contact_opted_out: 'This person opted out. Only they can opt back in, by replying START or joining again.',
  contact_pending: 'This contact has not confirmed yet. They start receiving alerts once they confirm.',
  alert_type_required: 'Please select at least one alert type',
  contact_needs_alert_type:
    'A contact who receives alerts needs at least one alert type. To stop their alerts, pause the contact.',
  contact_exists: 'This number is already a contact of this station.',
  import_file_too_large: 'The file is larger than {{max_mb}} MB.',
  import_file_missing: 'Choose a CSV file to import (field "file").',
  import_file_unreadable:
    'The file contains NUL characters or invalid text. Save it as CSV (UTF-8) and try again.',
  import_consent_required: 'Please confirm that these people agreed to receive SMS alerts.',
  csv_invalid: 'The file is not valid CSV: {{detail}}',
  csv_empty: 'The file is empty.',
  csv_no_phone_column: 'The file needs a "phone" column.',
  csv_too_many_rows: 'The file has {{rows}} rows; at most {{max_rows}} can be imported at once.',

  // Messages, sending, audio
  message_not_found: 'Message not found',
  unknown_message_type: 'Unknown message type.',
  phrase_not_found: 'That emergency template does not exist.',
  phrase_fields_missing: 'Fill in every field of the emergency template.',
  phrase_field_too_long: 'A field of the emergency template is too long.',
  phrase_field_unknown: 'Unknown template field.',
  message_type_off: 'The {{type_name}} type is turned off in Settings.',
  translation_not_found: 'This message has no translation in that language.',
  translation_not_ready: 'This translation is not finished yet; review it once it is.',
  back_translation_failed: 'The translation could not be put back into the original language: {{detail}}',
  no_correction_to_choose: 'There is no earlier correction to choose for this translation.',
  correction_choice_needed:
    'The original changed after staff corrected the translation into {{language_list}}. Keep the correction or use the new translation before sending.',
  correction_choice_invalid: 'Choose "correction" or "machine".',
  review_required: 'Translations into {{language_list}} must be reviewed before this message is sent by SMS.',
  review_required_emergency:
    'Translations into {{language_list}} are not reviewed. Confirm to send this emergency without review.',
  send_admin_only: 'Only admins can send SMS messages',
  send_no_subscription: 'SMS sending is disabled without an active subscription',
  sms_disabled: 'SMS is not enabled for this station. Turn it on in Settings → SMS Settings.',
  no_audience: 'No active subscribers receive {{message_type}} messages yet.',
  send_in_progress: 'This message is already being sent. Confirm to send it again.',
  already_sent: 'This message was already sent. Confirm to send it again.',
  held_texts_lookup_failed:
    'The SMS provider could not say which of the held texts it already has, so none of them was sent. Try again in a moment.',
  idempotency_key_reused: 'This Idempotency-Key was already used for another request.',
  not_enough_credits:
    'Not enough SMS credits: this message needs {{needed}} credits and the station has {{available}} left.',
  subscribers_changed: 'Subscribers changed while sending. Please try again.',
  message_sms_too_long:
    'The {{language_name}} text is {{length}} characters; with the station name and the opt-out line, one SMS has room for {{max}}. Shorten it to send it by SMS.',
  sms_too_long:
    'The SMS in {{language_list}} would be longer than the 1,600 characters a text message can carry. Shorten the text or its translation before sending.',
  audio_no_text: 'This message has no {{language_name}} text yet.',
  audio_queue_full:
    'This station already has too many audio downloads waiting. Try again when they are done.',
  audio_server_busy: 'The server is busy rendering audio. Please try again in a moment.',
  speech_timed_out: 'Rendering the audio took too long. Please try again.',
  speech_unavailable: '{{detail}}',
  speech_needs_cloud_voice:
    '{{language_name}} audio of text with Chinese characters (kanji, hanja) needs a cloud voice: the offline voice would read each one as "Chinese letter". An admin can choose one in Settings → Voice.',
  speech_failed: 'The voice could not read the text: {{detail}}',
  voice_unknown: '{{voice}} is not a voice this server has for {{language_name}}.',
  voice_language_not_offered: "{{language_name}} is not one of the station's languages.",

  // Machines (the desktop app)
  machine_not_found: 'Machine not found',
  machine_not_connected: '{{machine}} is not connected. Start the Message Station app on it and try again.',
  machine_no_answer: '{{machine}} did not answer in time.',
  machine_disconnected: '{{machine}} disconnected before answering.',
  machine_refused: '{{detail}}',
  machine_could_not: '{{machine}} could not do that.',
  machine_unreachable: 'Could not send the message to the machine.',
  server_restarting: 'The server is restarting. Please try again in a moment.',
  release_not_found: 'Release not found',

  // Superadmin: a station's own SMS sender and pace (decision 0016)
  sms_sender_invalid:
    'Enter a US number in E.164 form (+1 and 10 digits) or a Messaging Service SID (MG and 32 hex digits)',
  sms_rate_too_low: 'The rate is at least 0.1 messages per second',
  sms_rate_too_high: 'The rate is at most 1,000 messages per second',

  // Audit, billing, contact form, webhooks
  audit_cursor_stale: 'This list has changed; start again from the first page.',
  audit_dates_reversed: 'The start date is after the end date.',
  stripe_webhook_unconfigured: 'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET).',
  stripe_signature_missing: 'Missing Stripe-Signature header or body',
  stripe_signature_invalid: 'Webhook signature verification failed: {{detail}}',
  stripe_payload_unexpected: 'Unexpected {{event_type}} payload',
  test_checkout_failed: '{{detail}}',
  test_checkout_ignored: 'Not applied: {{outcome}}',
  /** The development checkout without the station it pays for (decision 0071). */
  checkout_station_required: 'client_reference_id is required: the station the checkout pays for.',
  contact_name_required: 'Name is required.',
  contact_email_required: 'Email is required.',
  contact_email_failed: 'Your message was saved, but we could not email it right now. We will still see it.',
  twilio_signature_invalid: 'Invalid signature',

  // Settings → Translation (a station's own engines, decision 0033)
  translation_engine_twice: '{{engine}} is in the list twice; each engine can be listed once.',
  translation_engine_offline_untrusted:
    'The offline engine cannot be marked trusted: its translations are sent unattended only once staff reviewed them.',
  translation_engine_key_required: '{{engine}} needs an API key.',
  translation_engine_url_required: '{{engine}} needs the address of its server.',
  translation_engine_model_required: '{{engine}} needs a model name.',
  translation_engine_url_private:
    '{{engine}}: this server does not connect to addresses on its own network ({{host}}).',

  // Settings → Translation: the glossary (PUT /admin/api/settings/glossary)
  glossary_term_required: 'Each glossary term needs its words.',
  glossary_too_many: 'A glossary holds at most 200 terms.',
  glossary_term_twice: '"{{term}}" is in the glossary twice; each term can be listed once.',

  // Message templates (/admin/api/templates, decision 0038)
  template_not_found: 'Template not found',
  template_name_taken: 'A template named "{{name}}" already exists.',
  template_too_many_fields: 'A template can have at most {{max}} fields.',
  template_translation_not_found: 'This template has no translation in that language.',
  template_translation_failed: 'This translation failed; correct it by hand instead.',
  template_translation_fields_missing: 'The translation must keep {{fields}} as written.',
  template_translation_fields_unknown: 'The translation has fields the original does not: {{fields}}.',
  template_fields_missing: 'Fill in {{fields}} to use this template.',
  template_fields_invalid: 'Write a date as YYYY-MM-DD and a time as HH:MM (24-hour): {{fields}}.',

  // The two-way inbox (decision 0040)
  inbox_conversation_not_found: 'Conversation not found',
  inbox_contact_opted_out:
    'This number has opted out of your texts. It can be texted again after it replies START.',
  inbox_translation_failed: 'The reply could not be translated: {{detail}}',

  // Settings → Subscriber texts (PUT /admin/api/settings/sms-texts), kept in their own table.
  ...STATION_SMS_TEXT_ERRORS,

  // Scheduled sends (/admin/api/schedules)
  ...SCHEDULE_ERRORS,

  // Two-person approval (/admin/api/messages/{id}/approval, decision 0039)
  ...APPROVAL_ERRORS,

  // A standard user's request that the admins send a message (decision 0077)
  ...SEND_REQUEST_ERRORS,

  // Station API keys and the public API v1
  ...STATION_KEY_ERRORS,

  // National Weather Service alerts (/admin/api/weather)
  ...WEATHER_ERRORS,

  // Outbound webhooks (/admin/api/webhooks)
  ...WEBHOOK_ERRORS,
} as const satisfies Record<string, TErrorTemplate>;

export type TErrorCode = keyof typeof ERROR_CODES;

type TPlaceholders<S> = S extends `${string}{{${infer P}}}${infer Rest}` ? P | TPlaceholders<Rest> : never;
type TTextsOf<T> = T extends string
  ? T
  : T extends TPlural
    ? T['one'] | T['other']
    : T extends { cases: infer C }
      ? C[keyof C]
      : never;
type TExtraParam<T> = T extends { count: infer K } ? K : T extends { select: infer K } ? K : never;
/** The names of a code's parameters (its placeholders, and the param a plural or select reads). */
export type TErrorParamName<C extends TErrorCode> =
  | TPlaceholders<TTextsOf<(typeof ERROR_CODES)[C]>>
  | (TExtraParam<(typeof ERROR_CODES)[C]> & string);
export type TErrorParamValue = string | number;
export type TErrorParams<C extends TErrorCode> = { [K in TErrorParamName<C>]: TErrorParamValue };

export function isErrorCode(code: unknown): code is TErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_CODES, code);
}

/** The text a template gives for these params (plural and select resolved, placeholders left). */
export function errorTemplateText(template: TErrorTemplate, params: Record<string, unknown>): string {
  if (typeof template === 'string') return template;
  if ('count' in template) return Number(params[template.count]) === 1 ? template.one : template.other;
  const chosen = template.cases[String(params[template.select])];
  return chosen ?? Object.values(template.cases)[0] ?? '';
}

/** The param holding language codes ("es,ko"), worded as a list of names in the reader's language. */
export const LANGUAGE_LIST_PARAM = 'language_list';

/** "es,ko" → "Spanish and Korean" (en), "español y coreano" (es). */
export function wordLanguageList(codes: string, locale: string): string {
  const names = new Intl.DisplayNames([locale], { type: 'language' });
  const list = codes.split(',').filter(Boolean);
  // A param that is not a language code (a client's own text) is shown as it came.
  const nameOf = (code: string) => {
    try {
      return names.of(code) ?? code;
    } catch {
      return code;
    }
  };
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(list.map(nameOf));
}

/** `{{name}}` → the param; numbers in US format (5,000) as the English texts always had them. */
export function fillErrorText(text: string, params: Record<string, unknown>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = params[name];
    if (typeof value === 'number') return value.toLocaleString('en-US');
    if (name === LANGUAGE_LIST_PARAM && typeof value === 'string') return wordLanguageList(value, 'en');
    return value === undefined || value === null ? whole : String(value);
  });
}

/** The English text of a code with its params. */
export function errorText(code: TErrorCode, params: Record<string, unknown> = {}): string {
  return fillErrorText(errorTemplateText(ERROR_CODES[code], params), params);
}

/** Every placeholder name a template uses (all plural forms and select cases). */
export function errorTemplateParams(template: TErrorTemplate): string[] {
  const texts =
    typeof template === 'string'
      ? [template]
      : 'count' in template
        ? [template.one, template.other]
        : Object.values(template.cases);
  const names = new Set<string>();
  for (const text of texts)
    for (const match of text.matchAll(/\{\{(\w+)\}\}/g)) names.add(match[1] as string);
  return [...names];
}

/** The params a code takes: none, or one value per placeholder (and plural/select param). */
export type TRefusalArgs<C extends TErrorCode> = [TErrorParamName<C>] extends [never]
  ? []
  : [params: TErrorParams<C>];

declare module './issue-message.js' {
  /** refusal() takes a catalogue code and its params. */
  interface TRefusalCodes extends TRefusalArgsByCode {}
}
type TRefusalArgsByCode = { [C in TErrorCode]: TRefusalArgs<C> };

/** A refusal as data: its catalogue code and params. */
export type TRefusal = { code: TErrorCode; params: Record<string, TErrorParamValue> };

/** An issue message as refusal() (issue-message.ts) writes it. */
const ISSUE_MESSAGE = /^([a-z][a-z0-9_]*)(\{.*\})?$/s;

/** The refusal an issue's message carries, or null for a message that is not one (zod's own). */
export function readRefusal(message: string): TRefusal | null {
  const match = ISSUE_MESSAGE.exec(message);
  if (!match || !isErrorCode(match[1])) return null;
  if (!match[2]) return { code: match[1], params: {} };
  try {
    const params: unknown = JSON.parse(match[2]);
    if (!params || typeof params !== 'object' || Array.isArray(params)) return null;
    return { code: match[1], params: params as Record<string, TErrorParamValue> };
  } catch {
    return null;
  }
}

/** An issue's message in English, for logs and API clients: its refusal worded, else as zod gave it. */
export function issueText(message: string): string {
  const known = readRefusal(message);
  return known ? errorText(known.code, known.params) : message;
}

/** The refusal behind an issue's message: the one it carries, else `invalid_value` with the message. */
export function refusalOf(message: string): TRefusal {
  return readRefusal(message) ?? { code: 'invalid_value', params: { detail: message } };
}
