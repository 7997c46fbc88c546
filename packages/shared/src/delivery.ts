// SMS delivery and dashboard shapes (send-sms, dashboard-stats, activity).
import { z } from 'zod';
import { ZErrorResponse } from './auth.js';
import { refusal } from './issue-message.js';
import { REVIEW_STATUSES } from './messages.js';
import { ZSendConflict } from './send-conflict.js';
import { TRANSLATION_SOURCES } from './translation-trust.js';

export const SEND_ERRORS = {
  adminOnly: 'Only admins can send SMS messages',
  noSubscription: 'SMS sending is disabled without an active subscription',
  smsDisabled: 'SMS is not enabled for this station. Turn it on in Settings → SMS Settings.',
} as const;

export function notEnoughCreditsError(needed: number, available: number): string {
  return `Not enough SMS credits: this message needs ${needed.toLocaleString('en-US')} credits and the station has ${available.toLocaleString('en-US')} left.`;
}

/** What a send would do, shown in the confirmation before anything is spent. */
export const ZSendPreview = z.object({
  recipients: z.number(),
  credits: z.number(),
  balance: z.number(),
  /** Recipients whose local time is outside 8 AM–9 PM: their SMS waits until 8 AM there. */
  waiting: z.number(),
  emergency: z.boolean(),
  languages: z.array(
    z.object({
      language: z.string(),
      recipients: z.number(),
      segments: z.number(),
      credits: z.number(),
      encoding: z.enum(['GSM-7', 'UCS-2']),
      /** False when no completed translation exists and the original is sent instead. */
      translated: z.boolean(),
      /**
       * Who vouches for the text: `original` (the station's own words), `untranslated` (the
       * original sent for want of a translation), or the translation's review status.
       */
      review: z.enum(['original', 'untranslated', ...REVIEW_STATUSES]),
      /** Where the completed translation came from (decision 0050); null when there is none. */
      source: z.enum(TRANSLATION_SOURCES).nullable(),
      /** What these subscribers get: the original, the translation, or the original with the notice. */
      delivery: z.enum(['original', 'text', 'fallback']),
      body: z.string(),
      /**
       * The body's length against the 1,600 characters Twilio takes (SMS_BODY_LIMIT), in the
       * segment counter's units: GSM-7 septets or UTF-16 code units (decision 0052).
       */
      length: z.number(),
      /** Over the limit: the send is refused (409 sms_too_long) until the text is shortened. */
      too_long: z.boolean(),
    }),
  ),
  /** `attended`: staff confirm; `unattended`: what a schedule, auto-send or API call would send. */
  mode: z.enum(['attended', 'unattended']),
  /** The station requires review before SMS for this message's type. */
  review_required: z.boolean(),
  /** Languages whose engine text would go out with nobody vouching for it (not vetted, not trusted). */
  unreviewed_languages: z.array(z.string()),
  /** Languages that get the original with the vetted untranslated notice. */
  fallback_languages: z.array(z.string()),
  /** Languages whose correction predates the original's last edit: the send waits for a choice. */
  stale_corrections: z.array(z.string()),
  /** Languages whose SMS would be over 1,600 characters: the send answers 409 sms_too_long. */
  too_long_languages: z.array(z.string()),
});
export type TSendPreview = z.infer<typeof ZSendPreview>;

/** The public API's preview: `send_unreviewed=true` previews a send whose caller vouches for engine texts. */
export const ZSendPreviewQuery = z.object({
  send_unreviewed: z.enum(['true', 'false'], 'send_unreviewed must be true or false.').optional(),
});

/** Header a client sets on POST …/send-sms: a retry with the same key answers the first send. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const ZIdempotencyKey = z.string().regex(/^[\x21-\x7e]{1,200}$/, refusal('idempotency_key_invalid'));

/** Body of POST …/send-sms; `send_again` confirms a message that was already sent goes once more. */
export const ZSendRequest = z
  .object({
    send_again: z.boolean().optional(),
    /** An emergency whose type requires review: the admin confirmed sending unreviewed texts. */
    send_unreviewed: z.boolean().optional(),
  })
  .nullish();
export type TSendRequest = z.infer<typeof ZSendRequest>;

export { type TSendConflict, ZSendConflict } from './send-conflict.js';

/** The headers of POST …/send-sms: the same Idempotency-Key for every attempt of one send. */
export const ZSendHeaders = z.object({ 'idempotency-key': ZIdempotencyKey.optional() });

/** A 409 of POST …/send-sms: the message's earlier send, or another refusal. */
export const ZSendConflictResponse = z.union([ZSendConflict, ZErrorResponse]);

export const ZSendResult = z.object({
  sent_count: z.number(),
  send_id: z.string(),
  credits: z.number(),
  waiting: z.number(),
  balance: z.number(),
});
export type TSendResult = z.infer<typeof ZSendResult>;

/**
 * Where texts are; each is in exactly one of due, held, sending, sent, delivered, failed.
 * `queued` (kept for older clients) is due + held + sending: everything not yet with the provider.
 */
const ZDeliveryStages = z.object({
  total: z.number(),
  queued: z.number(),
  /** Queued and free to go now (or a retry seconds away): waiting for the dispatcher. */
  due: z.number(),
  /** Queued for quiet hours: each goes at 8 AM in its recipient's zone. */
  held: z.number(),
  /** With the dispatcher (claimed, or handed to the provider and not yet confirmed). */
  sending: z.number(),
  /** Accepted by the provider. */
  sent: z.number(),
  delivered: z.number(),
  /** Refused by the provider, or undelivered by the carrier. */
  failed: z.number(),
});
export type TDeliveryStages = z.infer<typeof ZDeliveryStages>;

/** Held texts that go at one time: 8 AM in `zone` (IANA, from the recipients' area code). */
export const ZHeldRelease = z.object({ zone: z.string(), at: z.string(), count: z.number() });
export type THeldRelease = z.infer<typeof ZHeldRelease>;

/** Delivery progress of every send of one message. */
export const ZDeliveryProgress = ZDeliveryStages.extend({
  /** The same as `held` (its older name). */
  waiting: z.number(),
  /** Texts sent again after a crash the provider could not account for: they may have arrived twice. */
  possibleDuplicates: z.number(),
  /** When the held texts go, earliest first: the first and last are the earliest and latest release. */
  releases: z.array(ZHeldRelease),
  languages: z.array(ZDeliveryStages.extend({ language: z.string() })),
});
export type TDeliveryProgress = z.infer<typeof ZDeliveryProgress>;

/** What a dashboard alert is about; the page words it in its language (`message` is English). */
export const DASHBOARD_ALERT_CODES = [
  'no_subscription',
  'payment_failed',
  'trial_ending',
  /** The free trial's end date, while more than three days remain (trial_ending after that). */
  'trial_active',
  'sms_disabled',
  'low_credits',
  /** Admins only: messages standard users asked them to send (decision 0077); params.count. */
  'send_requests',
  /**
   * Admins only: a type is held for approval but the station has fewer than two admins, so its
   * messages cannot be approved (a station that turned approval on before decision 0077); params.admins.
   */
  'approval_needs_admins',
] as const;

export const ZDashboardAlert = z.object({
  type: z.enum(['info', 'warning', 'error', 'success']),
  code: z.enum(DASHBOARD_ALERT_CODES),
  /** Numbers the words need: days (trial_ending), credits (low_credits), count, admins. */
  params: z.record(z.string(), z.number()).optional(),
  /** A moment the words need, ISO: the trial's end (trial_active, trial_ending). */
  date: z.string().optional(),
  message: z.string(),
  action: z.string().optional(),
  link: z.string().optional(),
});

export const ZDashboardStats = z.object({
  station: z.object({
    id: z.string(),
    display_name: z.string(),
    sms_enabled: z.boolean(),
    sms_credits_balance: z.number(),
    payment_status: z.string(),
    /** The zone (IANA) the days and months below are counted in: the station's. */
    time_zone: z.string(),
  }),
  stats: z.object({
    totalMessages: z.number(),
    messagesThisMonth: z.number(),
    /** Per message type key, this month. */
    messagesByType: z.record(z.string(), z.number()),
    /** Texts handed to the provider (sent, delivered, undelivered); queued and held ones are not. */
    totalSmsSent: z.number(),
    /** The same, handed over since the 1st of this month in the station's zone. */
    smsSentThisMonth: z.number(),
    subscriberCount: z.number(),
    activeSubscribers: z.number(),
    smsEnabled: z.boolean(),
    /** Texts handed to the provider per date of the station's zone (YYYY-MM-DD), last 30 days, oldest first. */
    smsPerDay: z.array(z.object({ date: z.string(), count: z.number() })),
  }),
  alerts: z.array(ZDashboardAlert),
});
export type TDashboardStats = z.infer<typeof ZDashboardStats>;

/**
 * Where a line's texts are, the furthest behind first: any sending → 'sending', else any due →
 * 'queued', else any held → 'held'; once all are with the provider: 'failed' (all failed),
 * 'partial' (some failed), 'delivered' (all delivered), else 'sent'.
 */
export const ACTIVITY_STATUSES = [
  'queued',
  'held',
  'sending',
  'sent',
  'delivered',
  'failed',
  'partial',
] as const;
export type TActivityStatus = (typeof ACTIVITY_STATUSES)[number];

export const ZActivity = z.object({
  id: z.string(),
  messageId: z.string().nullable(),
  messageTitle: z.string(),
  /** In English for API clients; the web words the line from `status` and `delivery`. */
  description: z.string(),
  icon: z.string(),
  status: z.enum(ACTIVITY_STATUSES),
  timestamp: z.string(),
  metadata: z.object({ phone: z.string().nullable(), characterCount: z.number(), segmentCount: z.number() }),
  delivery: ZDeliveryStages.extend({
    /** Distinct phones the line's texts go to. */
    recipients: z.number(),
    possibleDuplicates: z.number(),
    /** The first release of the held texts (8 AM in their recipients' zone); null when none is held. */
    heldUntil: z.string().nullable(),
    /** The zone of every held text when they share one, else null ("8 AM their local time"). */
    heldZone: z.string().nullable(),
  }),
});
export const ZActivityResponse = z.object({ activities: z.array(ZActivity) });
export type TActivity = z.infer<typeof ZActivity>;
export type TActivityResponse = z.infer<typeof ZActivityResponse>;

/** GET /admin/api/activity?limit=20: how many lines, newest first. */
export const ZActivityQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });
export type TActivityQuery = z.input<typeof ZActivityQuery>;

/** Where one text is, for the report's list: queued (due or held), sending, sent, delivered, failed. */
export const RECIPIENT_STAGES = ['queued', 'sending', 'sent', 'delivered', 'failed'] as const;
export type TRecipientStage = (typeof RECIPIENT_STAGES)[number];

/** Why a text failed, as a code the page words (from the provider's code; README lists them). */
export const FAILURE_REASONS = [
  'invalid_number',
  'unsubscribed',
  'not_mobile',
  'unreachable',
  'blocked',
  'unknown_number',
  'landline',
  'carrier_filtered',
  'carrier_error',
  'provider_unreachable',
  'other',
] as const;
export type TFailureReason = (typeof FAILURE_REASONS)[number];

/** GET /admin/api/messages/{id}/recipients: a page of the texts of the message's sends. */
export const ZDeliveryRecipientsQuery = z.object({
  stage: z.enum(RECIPIENT_STAGES).optional(),
  language: z.string().max(5).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type TDeliveryRecipientsQuery = z.input<typeof ZDeliveryRecipientsQuery>;

export const ZDeliveryRecipient = z.object({
  /** The text's id (one per recipient and send). */
  id: z.string(),
  name: z.string().nullable(),
  /** The number is masked on screen: its last four digits only (the CSV export has it whole). */
  phone_last4: z.string(),
  language: z.string(),
  stage: z.enum(RECIPIENT_STAGES),
  failure_reason: z.enum(FAILURE_REASONS).nullable(),
  provider_error_code: z.string().nullable(),
  sent_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type TDeliveryRecipient = z.infer<typeof ZDeliveryRecipient>;

export const ZDeliveryRecipients = z.object({ total: z.number(), recipients: z.array(ZDeliveryRecipient) });
export type TDeliveryRecipients = z.infer<typeof ZDeliveryRecipients>;
