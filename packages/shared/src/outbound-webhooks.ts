// Outbound webhooks: endpoints a station's admins register, the events sent to them,
// signed as Stripe signs its own (`t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "t.body")>`), the
// delivery log and its attempts. /admin/api/webhooks/... (admins only). Not the vendors' inbound
// webhooks (webhooks.ts).
import { z } from 'zod';
import { refusal } from './issue-message.js';
import { textField } from './text-field.js';

/** Every event a station can subscribe to, in the order the form lists them. */
export const WEBHOOK_EVENT_TYPES = [
  'translation.completed',
  'translation.failed',
  'send.progress',
  'send.completed',
  'delivery.failed',
  'subscriber.joined',
  'subscriber.opted_out',
  'inbound.received',
] as const;
export type TWebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The type of the event "Send test event" sends (to every endpoint, whatever it subscribes to). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_LIMITS = {
  /** Endpoints per station. */
  endpoints: 20,
  url: 2048,
  description: 200,
  /** Response body bytes kept per attempt. */
  responseBody: 1024,
} as const;

/**
 * Retries (decision 00xx): after a failed attempt the next waits 1 min, 5 min, 30 min, 2 h, 5 h, then
 * 10 h each, ±10 % jitter, for 24 h from the first attempt (a last try at the 24 h mark), then the
 * delivery is failed. An endpoint with this many failed deliveries in a row, and none delivered
 * between them, is disabled and its station's admins are emailed.
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [60, 300, 1800, 7200, 18_000, 36_000] as const;
export const WEBHOOK_RETRY_WINDOW_SECONDS = 24 * 3600;
export const WEBHOOK_DISABLE_AFTER_FAILURES = 5;
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Days the delivery log keeps a finished delivery. */
export const WEBHOOK_LOG_DAYS = 30;
/** send.progress goes out when a send crosses each step of this many percent of its texts. */
export const WEBHOOK_PROGRESS_STEP_PERCENT = 10;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type TWebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
/** Why an endpoint is off: an admin turned it off, or it failed too often. */
export const WEBHOOK_DISABLED_REASONS = ['admin', 'failures'] as const;
export type TWebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

/** Refusals of the webhook routes (error-codes.ts). */
export const WEBHOOK_ERRORS = {
  webhook_endpoint_not_found: 'Webhook endpoint not found',
  webhook_delivery_not_found: 'Webhook delivery not found',
  webhook_url_invalid: 'Enter a full URL starting with https://',
  webhook_url_https_required: 'The URL must start with https://',
  webhook_url_credentials: 'The URL must not contain a user name or password.',
  webhook_url_private:
    'The URL points to a private or local address ({{host}}), which webhooks cannot reach.',
  webhook_url_unresolvable: 'The host {{host}} could not be found.',
  webhook_events_required: 'Choose at least one event.',
  webhook_too_many_endpoints: 'A station can have at most {{max}} webhook endpoints.',
  webhook_endpoint_disabled: 'This endpoint is turned off. Turn it on first.',
  webhook_secret_unreadable:
    "This endpoint's signing secret can no longer be read (the server's secret changed). Roll a new one.",
} as const;

/** Their statuses (error-status.ts). */
export const WEBHOOK_ERROR_STATUS = {
  webhook_endpoint_not_found: 404,
  webhook_delivery_not_found: 404,
  webhook_url_invalid: 400,
  webhook_url_https_required: 400,
  webhook_url_credentials: 400,
  webhook_url_private: 400,
  webhook_url_unresolvable: 400,
  webhook_events_required: 400,
  webhook_too_many_endpoints: 409,
  webhook_endpoint_disabled: 409,
  webhook_secret_unreadable: 409,
} as const satisfies Record<keyof typeof WEBHOOK_ERRORS, number>;

export const ZWebhookEventType = z.enum(
  WEBHOOK_EVENT_TYPES,
  refusal('invalid_value', { detail: 'Choose events from the list' }),
);

const ZEvents = z
  .array(ZWebhookEventType)
  .min(1, refusal('webhook_events_required'))
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)));

export const ZWebhookEndpointRequest = z.object({
  url: textField({
    label: 'URL',
    max: WEBHOOK_LIMITS.url,
    required: refusal('field_required', { field: 'URL' }),
  }),
  description: textField({ label: 'Description', max: WEBHOOK_LIMITS.description }).default(''),
  events: ZEvents,
});
export type TWebhookEndpointRequest = z.input<typeof ZWebhookEndpointRequest>;

/** An edit: any of the fields; `enabled: true` turns a disabled endpoint back on (its count starts over). */
export const ZWebhookEndpointUpdate = z.object({
  url: textField({
    label: 'URL',
    max: WEBHOOK_LIMITS.url,
    required: refusal('field_required', { field: 'URL' }),
  }).optional(),
  description: textField({ label: 'Description', max: WEBHOOK_LIMITS.description }).optional(),
  events: ZEvents.optional(),
  enabled: z.boolean().optional(),
});
export type TWebhookEndpointUpdate = z.input<typeof ZWebhookEndpointUpdate>;

export const ZWebhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(ZWebhookEventType),
  enabled: z.boolean(),
  disabled_reason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  disabled_at: z.string().nullable(),
  /** Failed deliveries in a row (none delivered since); the endpoint is disabled at the limit. */
  consecutive_failures: z.number().int(),
  /** The signing secret's last four characters. */
  secret_hint: z.string(),
  last_delivery_at: z.string().nullable(),
  last_delivery_status: z.enum(WEBHOOK_DELIVERY_STATUSES).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

export const ZWebhookEndpointList = z.object({
  endpoints: z.array(ZWebhookEndpoint),
  event_types: z.array(ZWebhookEventType),
});
export type TWebhookEndpointList = z.infer<typeof ZWebhookEndpointList>;

/** The whole secret: answered when an endpoint is made, when its secret is rolled, and on reveal. */
export const ZWebhookSecret = z.object({ secret: z.string() });
export type TWebhookSecret = z.infer<typeof ZWebhookSecret>;
export const ZWebhookEndpointCreated = ZWebhookEndpoint.extend({ secret: z.string() });
export type TWebhookEndpointCreated = z.infer<typeof ZWebhookEndpointCreated>;

export const ZWebhookIdParams = z.object({ id: z.uuid(refusal('webhook_endpoint_not_found')) });
export const ZWebhookDeliveryIdParams = z.object({ id: z.uuid(refusal('webhook_delivery_not_found')) });

export const ZWebhookDeliveryQuery = z.object({
  endpoint_id: z.uuid(refusal('webhook_endpoint_not_found')).optional(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  event_type: z.union([ZWebhookEventType, z.literal(WEBHOOK_TEST_EVENT)]).optional(),
  /** Older than this delivery (the last one of the page before): the next page. */
  before_id: z.uuid(refusal('webhook_delivery_not_found')).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type TWebhookDeliveryQuery = z.input<typeof ZWebhookDeliveryQuery>;

export const ZWebhookDelivery = z.object({
  id: z.string(),
  endpoint_id: z.string(),
  endpoint_url: z.string(),
  /** The event's id: the payload's `id` and the MessageStation-Event-Id header (same on a replay). */
  event_id: z.string(),
  event_type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookDeliveryList = z.object({ deliveries: z.array(ZWebhookDelivery) });
export type TWebhookDeliveryList = z.infer<typeof ZWebhookDeliveryList>;

export const ZWebhookAttempt = z.object({
  id: z.string(),
  attempted_at: z.string(),
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
  /** The first KB of what the receiver answered. */
  response_body: z.string().nullable(),
});
export type TWebhookAttempt = z.infer<typeof ZWebhookAttempt>;

/** What a receiver gets: the body of every POST. */
export const ZWebhookPayload = z.object({
  id: z.string(),
  type: z.string(),
  created_at: z.string(),
  station_id: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type TWebhookPayload = z.infer<typeof ZWebhookPayload>;

export const ZWebhookDeliveryDetail = ZWebhookDelivery.extend({
  payload: ZWebhookPayload,
  attempts_log: z.array(ZWebhookAttempt),
});
export type TWebhookDeliveryDetail = z.infer<typeof ZWebhookDeliveryDetail>;
