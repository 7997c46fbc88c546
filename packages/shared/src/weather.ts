// National Weather Service alerts drafted as messages: a station's settings (zones,
// event types, severities, auto-send), the zones of a state for the picker, and the alerts the
// station received with what each became. /admin/api/weather/...
import { z } from 'zod';
import { refusal } from './issue-message.js';
import { ZMessage } from './messages.js';
import { TEXT_LIMITS, textField } from './text-field.js';

/** CAP severities as NWS writes them, most severe first. */
export const NWS_SEVERITIES = ['Extreme', 'Severe', 'Moderate', 'Minor', 'Unknown'] as const;
export type TNwsSeverity = (typeof NWS_SEVERITIES)[number];

/** States, the District and the territories NWS has zones for (two-letter postal codes). */
// biome-ignore format: one table
export const US_STATE_CODES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA',
  'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM',
  'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA',
  'WV', 'WI', 'WY', 'PR', 'VI', 'GU', 'AS', 'MP',
] as const;
export type TUsStateCode = (typeof US_STATE_CODES)[number];

/** Most zones one station follows (NWS answers a zone list in one request). */
export const WEATHER_MAX_ZONES = 50;
/** Most event types one station follows by name. */
export const WEATHER_MAX_EVENT_TYPES = 100;

/**
 * An NWS zone id: state, C (county) or Z (forecast zone), three digits (UGC, e.g. OKC029, WAZ034).
 */
export const WEATHER_ZONE_ID = /^[A-Z]{2}[CZ]\d{3}$/;

export const ZWeatherZone = z.object({
  id: z
    .string()
    .regex(
      WEATHER_ZONE_ID,
      refusal('invalid_value', { detail: 'A zone id is a state, C or Z and three digits (e.g. OKC029).' }),
    ),
  name: textField({
    label: 'Zone name',
    max: TEXT_LIMITS.name,
    required: refusal('field_required', { field: 'Zone name' }),
  }),
});
export type TWeatherZone = z.infer<typeof ZWeatherZone>;

const ZSeverity = z.enum(
  NWS_SEVERITIES,
  refusal('invalid_value', { detail: 'Severities are Extreme, Severe, Moderate, Minor or Unknown.' }),
);

export const ZWeatherSettingsRequest = z.object({
  enabled: z.boolean(),
  zones: z
    .array(ZWeatherZone)
    .max(
      WEATHER_MAX_ZONES,
      refusal('invalid_value', { detail: `Choose at most ${WEATHER_MAX_ZONES} zones.` }),
    )
    .transform((zones) => [...new Map(zones.map((zone) => [zone.id, zone])).values()]),
  /** NWS event names to follow ("Tornado Warning"); empty: every event. */
  event_types: z
    .array(
      textField({
        label: 'Event type',
        max: TEXT_LIMITS.name,
        required: refusal('field_required', { field: 'Event type' }),
      }),
    )
    .max(
      WEATHER_MAX_EVENT_TYPES,
      refusal('invalid_value', { detail: `Choose at most ${WEATHER_MAX_EVENT_TYPES} event types.` }),
    )
    .transform((types) => [...new Set(types)]),
  /** Severities to follow: an alert of another severity is recorded as ignored. */
  severities: z.array(ZSeverity).transform((list) => [...new Set(list)]),
  /** Severities whose drafts are sent by SMS at once (a subset of `severities`). */
  auto_send_severities: z.array(ZSeverity).transform((list) => [...new Set(list)]),
});
export type TWeatherSettingsRequest = z.input<typeof ZWeatherSettingsRequest>;

export const ZWeatherSettings = z.object({
  enabled: z.boolean(),
  zones: z.array(ZWeatherZone),
  event_types: z.array(z.string()),
  severities: z.array(z.enum(NWS_SEVERITIES)),
  auto_send_severities: z.array(z.enum(NWS_SEVERITIES)),
  /** The admin the drafts are written (and auto-sends made) on behalf of: who last saved. */
  configured_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  updated_at: z.string().nullable(),
  last_poll_at: z.string().nullable(),
  /** Why the last check failed (an error code errors.json words), and when; null after a good one. */
  last_error: z.object({ code: z.string(), at: z.string() }).nullable(),
  /** How often the workers check NWS (NWS_POLL_SECONDS). */
  poll_seconds: z.number().int(),
});
export type TWeatherSettings = z.infer<typeof ZWeatherSettings>;

export const ZWeatherZonesQuery = z.object({
  state: z.enum(US_STATE_CODES, refusal('invalid_value', { detail: 'Choose a state from the list.' })),
});
export const ZWeatherZoneOption = ZWeatherZone.extend({ type: z.enum(['county', 'forecast']) });
export type TWeatherZoneOption = z.infer<typeof ZWeatherZoneOption>;
export const ZWeatherZoneList = z.object({ zones: z.array(ZWeatherZoneOption) });
export type TWeatherZoneList = z.infer<typeof ZWeatherZoneList>;

export const ZWeatherEventTypes = z.object({ event_types: z.array(z.string()) });
export type TWeatherEventTypes = z.infer<typeof ZWeatherEventTypes>;

/**
 * What an alert became: a draft; sent by SMS at once; put up for a second admin's approval
 * instead of sent; a draft whose auto-send waits for its translations; a draft whose auto-send
 * was refused (error_code says why); not followed (its event or severity); a cancellation of
 * nothing this station drafted; or not drafted because of an error (error_code).
 */
export const WEATHER_OUTCOMES = [
  'drafted',
  'auto_sent',
  'approval_requested',
  'auto_send_waiting',
  'send_refused',
  'ignored_event',
  'ignored_severity',
  'ignored_cancel',
  'failed',
] as const;
export type TWeatherOutcome = (typeof WEATHER_OUTCOMES)[number];

export const ZWeatherAlert = z.object({
  id: z.string(),
  /** NWS's identifier (urn:oid:2.49.0.1.840.0.…). */
  nws_id: z.string(),
  event: z.string(),
  severity: z.string(),
  headline: z.string(),
  area: z.string(),
  /** CAP msgType: Alert (new), Update, Cancel. */
  kind: z.enum(['Alert', 'Update', 'Cancel']),
  sent_at: z.string(),
  expires_at: z.string().nullable(),
  received_at: z.string(),
  outcome: z.enum(WEATHER_OUTCOMES),
  error_code: z.string().nullable(),
  error_params: z.record(z.string(), z.union([z.string(), z.number()])),
  message: z.object({ id: z.string(), title: z.string(), message_type: z.string() }).nullable(),
  /** The alert this one updates or cancels, when the station received it. */
  original: z.object({ id: z.string(), headline: z.string(), message_id: z.string().nullable() }).nullable(),
});
export type TWeatherAlert = z.infer<typeof ZWeatherAlert>;

export const ZWeatherAlertList = z.object({ alerts: z.array(ZWeatherAlert) });
export type TWeatherAlertList = z.infer<typeof ZWeatherAlertList>;

export const ZWeatherAlertIdParams = z.object({ id: z.uuid(refusal('weather_alert_not_found')) });

export const ZWeatherCheckResult = z.object({
  /** Alerts the check recorded (drafted or ignored). */
  received: z.number().int(),
  drafted: z.number().int(),
  /** NWS answered 304: nothing changed since the last check. */
  not_modified: z.boolean(),
  error_code: z.string().nullable(),
});
export type TWeatherCheckResult = z.infer<typeof ZWeatherCheckResult>;

/** Refusals of the weather routes, by stable code (decision 0028). */
export const WEATHER_ERRORS = {
  weather_unavailable: 'The National Weather Service could not be reached. Try again in a few minutes.',
  weather_no_zones: 'Choose at least one county or zone to turn weather alerts on.',
  weather_no_severities: 'Choose at least one severity to follow.',
  weather_auto_send_not_followed: 'Auto-send only severities you follow: {{severity_list}}.',
  weather_alert_not_found: 'Weather alert not found',
  weather_owner_missing:
    'The admin who saved the weather settings is no longer an admin of this station. Save the settings again.',
  weather_no_message_type: 'No message type is active for weather alerts. Turn one on in Settings.',
  weather_auto_send_stale:
    'Not sent automatically: the alert waited too long or has ended. Send it from Messages if it still matters.',
} as const;

export const WEATHER_ERROR_STATUS = {
  weather_unavailable: 503,
  weather_no_zones: 400,
  weather_no_severities: 400,
  weather_auto_send_not_followed: 400,
  weather_alert_not_found: 404,
  /** Recorded on a check, never answered: what it would be. */
  weather_owner_missing: 409,
  weather_no_message_type: 409,
  weather_auto_send_stale: 409,
} as const satisfies Record<keyof typeof WEATHER_ERRORS, number>;

/** One alert with its drafted message, as the page opens it on the Messages page. */
export const ZWeatherAlertDetail = z.object({ alert: ZWeatherAlert, message: ZMessage.nullable() });
export type TWeatherAlertDetail = z.infer<typeof ZWeatherAlertDetail>;
