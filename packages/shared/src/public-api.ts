// The public REST API v1 (/api/v1): the few shapes of its own. Messages, sends, reports
// and contacts travel in the same schemas as the admin API (messages.ts, delivery.ts, subscribers.ts).
import { z } from 'zod';
import { ZIdempotencyKey } from './delivery.js';
import { refusal } from './issue-message.js';
import { ZTranslation } from './messages.js';
import { usE164Pattern } from './phone-validation.js';
import { ZStationKeyScope } from './station-keys.js';
import { ZAddContactRequest } from './subscribers.js';
import { textField } from './text-field.js';

/** GET /api/v1/me: which station and which key the request was made with. */
export const ZApiMe = z.object({
  station: z.object({ id: z.string(), slug: z.string(), display_name: z.string() }),
  key: z.object({
    id: z.string(),
    name: z.string(),
    key_prefix: z.string(),
    scopes: z.array(ZStationKeyScope),
    rate_limit_per_minute: z.number().int(),
  }),
});
export type TApiMe = z.infer<typeof ZApiMe>;

/**
 * GET /api/v1/messages/{id}/translations: where each translation stands. `final` once none is
 * pending (each completed or failed): a poller stops there.
 */
export const ZApiTranslationState = z.object({
  message_id: z.string(),
  final: z.boolean(),
  translations: z.array(ZTranslation),
});
export type TApiTranslationState = z.infer<typeof ZApiTranslationState>;

/** The longest consent text a caller may record with a contact. */
export const CONSENT_TEXT_MAX = 2000;

/**
 * POST /api/v1/contacts: the admin API's Add Contact body, plus the words the person agreed to
 * (kept with the consent record). `consent_attested: true` is the caller's attestation.
 */
export const ZApiCreateContactRequest = ZAddContactRequest.extend({
  // The server also reads other ways of writing a US number; the document asks for E.164, with
  // the pattern of the numbers the check accepts (decision 0053).
  phone: ZAddContactRequest.shape.phone.meta({
    pattern: usE164Pattern(),
    description: 'A US number in E.164 (+1 and ten digits) that is in service: another country’s is refused.',
  }),
  consent_text: textField({
    label: 'Consent text',
    max: CONSENT_TEXT_MAX,
    required: refusal('invalid_value', {
      detail: 'Give the consent text the person agreed to (consent_text).',
    }),
  }),
});
export type TApiCreateContactRequest = z.input<typeof ZApiCreateContactRequest>;

/** Headers of an /api/v1 request (the bearer key; the document's security scheme says so too). */
export const ZApiAuthHeaders = z.object({ authorization: z.string().optional() });

/**
 * Headers of POST /api/v1/messages/{id}/send-sms. The key the web sends optionally is required
 * here: an integration's retry must never send twice.
 */
export const ZApiSendHeaders = z.object({
  'idempotency-key': z
    .string(
      refusal('invalid_value', {
        detail: 'Send an Idempotency-Key header (e.g. a UUID): a retry with the same key sends nothing more.',
      }),
    )
    .pipe(ZIdempotencyKey),
});
