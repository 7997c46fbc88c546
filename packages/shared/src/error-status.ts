// The HTTP status of every refusal code (decision 0032): one code is one refusal (decision 0028),
// so it always answers with the same status. The server's AppError reads its status here; a code
// without an entry fails the typecheck. Grouped as the catalogue (error-codes.ts) is.
import { APPROVAL_ERROR_STATUS } from './approvals.js';
import type { TErrorCode } from './error-codes.js';
import { WEBHOOK_ERROR_STATUS } from './outbound-webhooks.js';
import { SEND_REQUEST_ERROR_STATUS } from './send-requests.js';
import { STATION_KEY_ERROR_STATUS } from './station-keys.js';
import { WEATHER_ERROR_STATUS } from './weather.js';

export const ERROR_STATUS = {
  // Generic
  not_found: 404,
  /** The web's own (a call that never reached the server): if it were answered, "unavailable". */
  network_error: 503,
  internal_error: 500,
  /** Fastify's own 4xx relay their status (AppError.relayed); 400 is this code's default. */
  request_failed: 400,
  authentication_required: 401,
  not_signed_in: 401,
  admin_required: 403,
  superadmin_required: 403,
  csrf_invalid: 403,
  method_not_allowed: 405,
  database_unavailable: 503,
  rate_limited: 429,
  too_many_streams: 429,

  // Request bodies (decision 0024): what our schemas and the body parsers refuse
  invalid_request: 400,
  invalid_field: 400,
  field_required: 400,
  field_not_text: 400,
  field_too_long: 400,
  invalid_value: 400,
  unstorable_text: 400,
  body_too_deep: 400,
  body_invalid_json: 400,
  body_empty: 400,
  unsupported_media_type: 415,
  not_multipart: 415,
  body_too_large: 413,
  too_many_parts: 413,
  content_length_mismatch: 400,
  bad_request: 400,
  headers_too_large: 431,
  request_timeout: 408,
  upload_broken: 400,
  // Worded by the shared schemas: answered as validation refusals (400).
  phone_not_us: 400,
  phone_invalid: 400,
  phone_required: 400,
  unknown_language: 400,
  required_fields: 400,
  email_invalid: 400,
  url_invalid: 400,
  password_too_short: 400,
  password_too_short_user: 400,
  password_required: 400,
  current_password_required: 400,
  email_required: 400,
  display_name_required: 400,
  code_required: 400,
  two_factor_code_format: 400,
  verification_code_format: 400,
  brand_color_invalid: 400,
  time_zone_unknown: 400,
  station_name_letters: 400,
  supported_language_required: 400,
  supported_languages_repeat: 400,
  supported_languages_unknown: 400,
  primary_language_unsupported: 400,
  primary_language_unknown: 400,
  privacy_url_empty: 400,
  terms_url_empty: 400,
  machine_required: 400,
  target_language_required: 400,
  target_language_is_original: 400,
  translation_empty: 400,
  text_far_too_long: 400,
  alert_type_repeated: 400,
  message_type_repeated: 400,
  unknown_alert_type: 400,
  category_required: 400,
  contact_consent_required: 400,
  subscriber_consent_required: 400,
  role_invalid: 400,
  contact_status_invalid: 400,
  audio_format_invalid: 400,
  idempotency_key_invalid: 400,

  // Sign-in, password reset, account (decision 0020)
  invalid_login: 401,
  invalid_api_key: 401,
  /** The user may not use the API: also when an admin asks for their key (was 409 there). */
  api_access_off: 403,
  api_access_needs_plan: 403,
  /** Sent to a connected machine whose key stopped working (its close answer is 401). */
  api_key_revoked: 401,
  reset_token_invalid: 400,
  reset_no_phone: 400,
  reset_too_many_emails: 429,
  reset_admin_only: 403,
  wrong_password: 400,
  same_password: 400,
  /** The code step of a sign-in: a failed sign-in is 401, as invalid_login. */
  invalid_two_factor_code: 401,
  /** A wrong code on My Account (setup, turning off): the user stays signed in, so 400. */
  two_factor_code_rejected: 400,
  two_factor_challenge_expired: 401,
  two_factor_too_many_codes: 429,
  two_factor_already_enabled: 409,
  two_factor_not_enabled: 409,
  two_factor_setup_not_started: 409,
  two_factor_required_by_station: 409,
  two_factor_setup_required: 403,
  two_factor_enable_own_first: 409,
  session_not_found: 404,

  // Verification codes
  code_sent_too_often_number: 429,
  code_sent_too_often_ip: 429,
  code_cooldown: 429,
  code_none_pending: 400,
  code_too_many_wrong: 400,
  code_expired: 410,
  verification_code_invalid: 400,
  sms_number_unreachable: 400,
  sms_code_unavailable: 503,
  sms_confirmation_unavailable: 503,
  captcha_required: 400,
  altcha_not_in_use: 404,

  // Registration (the statuses the registration routes declare)
  registration_not_found: 404,
  registration_complete: 409,
  registration_expired: 410,
  registration_email_taken: 409,
  station_id_taken: 409,
  registration_taken_meanwhile: 409,

  // Users and invitations
  user_not_found: 404,
  email_taken: 409,
  admin_not_deletable: 403,
  admin_not_editable: 403,
  invitation_pending: 409,
  invitation_not_found: 404,
  invitation_invalid: 404,

  // Station, settings, logo, types
  station_not_found: 404,
  message_type_not_found: 404,
  language_not_offered: 400,
  logo_missing_file: 400,
  logo_not_found: 404,
  logo_empty: 400,
  logo_too_large: 400,
  logo_wrong_type: 400,
  logo_unreadable: 400,
  logo_too_big: 400,
  logo_too_many_pixels: 400,
  logo_busy: 503,

  // Settings → Translation
  glossary_term_required: 400,
  glossary_too_many: 400,
  glossary_term_twice: 400,
  translation_engine_twice: 400,
  translation_engine_offline_untrusted: 400,
  translation_engine_key_required: 400,
  translation_engine_url_required: 400,
  translation_engine_model_required: 400,
  translation_engine_url_private: 400,

  // Subscribers (public pages)
  subscriptions_closed: 403,
  alert_type_not_offered: 400,
  subscription_not_found: 404,
  already_confirmed: 409,

  // Contacts
  contact_not_found: 404,
  unknown_message_type_key: 400,
  contact_opted_out: 409,
  contact_pending: 409,
  alert_type_required: 400,
  contact_needs_alert_type: 400,
  contact_exists: 409,
  import_file_too_large: 400,
  import_file_missing: 400,
  import_file_unreadable: 400,
  import_consent_required: 400,
  csv_invalid: 400,
  csv_empty: 400,
  csv_no_phone_column: 400,
  csv_too_many_rows: 400,

  // Messages, sending, audio
  message_not_found: 404,
  unknown_message_type: 400,
  phrase_not_found: 400,
  phrase_fields_missing: 400,
  phrase_field_too_long: 400,
  phrase_field_unknown: 400,
  message_type_off: 400,
  translation_not_found: 404,
  translation_not_ready: 409,
  back_translation_failed: 502,
  no_correction_to_choose: 409,
  correction_choice_needed: 409,
  correction_choice_invalid: 400,
  review_required: 409,
  review_required_emergency: 409,
  message_sms_too_long: 400,
  sms_too_long: 409,
  send_admin_only: 403,
  send_no_subscription: 402,
  sms_disabled: 400,
  no_audience: 400,
  send_in_progress: 409,
  already_sent: 409,
  held_texts_lookup_failed: 503,
  idempotency_key_reused: 422,
  not_enough_credits: 402,
  subscribers_changed: 409,
  audio_no_text: 404,
  audio_queue_full: 429,
  audio_server_busy: 503,
  speech_timed_out: 503,
  speech_unavailable: 503,
  speech_needs_cloud_voice: 422,
  speech_failed: 502,
  voice_unknown: 400,
  voice_language_not_offered: 400,

  // Machines (the desktop app)
  machine_not_found: 404,
  machine_not_connected: 409,
  machine_no_answer: 504,
  machine_disconnected: 409,
  /** A machine's own refusal; a node's answer without a known code relays its status. */
  machine_refused: 502,
  machine_could_not: 502,
  machine_unreachable: 500,
  server_restarting: 503,
  release_not_found: 404,

  // Superadmin: a station's own SMS sender and pace
  sms_sender_invalid: 400,
  sms_rate_too_low: 400,
  sms_rate_too_high: 400,

  // Audit, billing, contact form, webhooks
  audit_cursor_stale: 400,
  audit_dates_reversed: 400,
  stripe_webhook_unconfigured: 503,
  stripe_signature_missing: 400,
  stripe_signature_invalid: 400,
  stripe_payload_unexpected: 400,
  test_checkout_failed: 400,
  test_checkout_ignored: 400,
  checkout_station_required: 400,
  contact_name_required: 400,
  contact_email_required: 400,
  contact_email_failed: 503,
  twilio_signature_invalid: 403,

  // Message templates
  template_not_found: 404,
  template_name_taken: 409,
  template_too_many_fields: 400,
  template_translation_not_found: 404,
  template_translation_failed: 409,
  template_translation_fields_missing: 400,
  template_translation_fields_unknown: 400,
  template_fields_missing: 400,
  template_fields_invalid: 400,

  // The two-way inbox (decision 0040)
  inbox_conversation_not_found: 404,
  inbox_contact_opted_out: 409,
  inbox_translation_failed: 502,

  // Settings → Subscriber texts: the text a station wrote is refused as a form field is.
  sms_text_empty: 400,
  sms_text_too_long: 400,
  sms_text_missing_stop: 400,
  sms_text_unknown_placeholder: 400,
  sms_text_over_budget: 400,
  sms_text_language_not_supported: 400,

  // Scheduled sends
  schedule_not_found: 404,
  schedule_in_past: 400,
  schedule_nothing_to_do: 400,
  schedule_once_no_end: 400,
  schedule_ends_before_start: 400,
  schedule_no_runs: 400,
  schedule_not_active: 409,
  /** Recorded on a run, never answered: what it would be. */
  schedule_translations_incomplete: 409,
  schedule_machines_missed: 409,
  schedule_message_deleted: 404,

  // Two-person approval
  ...APPROVAL_ERROR_STATUS,
  ...SEND_REQUEST_ERROR_STATUS,
  ...STATION_KEY_ERROR_STATUS,
  ...WEATHER_ERROR_STATUS,

  // Outbound webhooks
  ...WEBHOOK_ERROR_STATUS,
} as const satisfies Record<TErrorCode, number>;

/** The codes whose status is decided elsewhere and relayed: Fastify's own 4xx, another node's answer. */
export const RELAYED_STATUS_CODES = ['request_failed', 'machine_refused'] as const;
export type TRelayedStatusCode = (typeof RELAYED_STATUS_CODES)[number];

/** The codes the table answers with status S (e.g. 404 for a `notFound` helper). */
export type TCodeWithStatus<S extends number> = {
  [C in TErrorCode]: (typeof ERROR_STATUS)[C] extends S ? C : never;
}[TErrorCode];
