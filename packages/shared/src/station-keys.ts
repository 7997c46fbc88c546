// Station API keys for integrations: scoped, rate-limited, shown once, stored hashed.
// Separate from each user's desktop-app key (users.ts), which signs the playout agent in.
import { z } from 'zod';
import { refusal } from './issue-message.js';
import { TEXT_LIMITS, textField } from './text-field.js';

/** What a key may do; each /api/v1 operation names the one it needs. */
export const STATION_KEY_SCOPES = [
  'messages:read',
  'messages:write',
  'sms:send',
  'contacts:read',
  'contacts:write',
  'reports:read',
] as const;
export type TStationKeyScope = (typeof STATION_KEY_SCOPES)[number];

/**
 * A station key starts with this, then 64 hex digits (256 random bits). Distinct from the desktop
 * key's "ms-", so a key pasted in the wrong place is refused for what it is.
 */
export const STATION_KEY_PREFIX = 'mssk-';
/** How much of the key the list shows: the prefix and 8 hex digits. */
export const STATION_KEY_VISIBLE_CHARS = STATION_KEY_PREFIX.length + 8;

/** Requests per minute per key: the default, and the bounds an admin may choose within. */
export const STATION_KEY_RATE_LIMIT = { default: 60, min: 1, max: 1000 } as const;

export const STATION_KEY_ERRORS = {
  station_key_not_found: 'API key not found',
  station_key_missing: 'Send the station API key as Authorization: Bearer <key>.',
  station_key_invalid: 'The API key is not valid or was revoked.',
  station_key_scope: 'This API key lacks the {{scope}} scope.',
  station_key_scopes_required: 'Choose at least one scope.',
  station_key_scope_unknown: 'Unknown scope.',
  station_key_rate_limit_invalid: 'Rate limit must be a whole number from {{min}} to {{max}}.',
} as const;

/** Their statuses (error-status.ts). */
export const STATION_KEY_ERROR_STATUS = {
  station_key_not_found: 404,
  station_key_missing: 401,
  station_key_invalid: 401,
  station_key_scope: 403,
  station_key_scopes_required: 400,
  station_key_scope_unknown: 400,
  station_key_rate_limit_invalid: 400,
} as const satisfies Record<keyof typeof STATION_KEY_ERRORS, number>;

export const ZStationKeyScope = z.enum(STATION_KEY_SCOPES, refusal('station_key_scope_unknown'));

/** Any rate limit out of bounds, or not a whole number, is refused with the bounds. */
const RATE_LIMIT_INVALID = refusal('station_key_rate_limit_invalid', {
  min: STATION_KEY_RATE_LIMIT.min,
  max: STATION_KEY_RATE_LIMIT.max,
});

export const ZStationKey = z.object({
  id: z.string(),
  name: z.string(),
  /** The visible start of the key ("mssk-3fa9c02b"); the whole key was shown once. */
  key_prefix: z.string(),
  scopes: z.array(ZStationKeyScope),
  rate_limit_per_minute: z.number().int(),
  created_at: z.string(),
  /** Who created it (null once that account is gone). */
  created_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Updated at most once a minute. */
  last_used_at: z.string().nullable(),
});
export type TStationKey = z.infer<typeof ZStationKey>;
/** GET /admin/api/station-keys: the live keys, newest first. */
export const ZStationKeyList = z.array(ZStationKey);

export const ZCreateStationKeyRequest = z.object({
  name: textField({ label: 'Name', max: TEXT_LIMITS.name, required: refusal('contact_name_required') }),
  scopes: z
    .array(ZStationKeyScope)
    .min(1, refusal('station_key_scopes_required'))
    .max(STATION_KEY_SCOPES.length)
    .transform((scopes) => STATION_KEY_SCOPES.filter((scope) => scopes.includes(scope))),
  rate_limit_per_minute: z
    .number(RATE_LIMIT_INVALID)
    .int(RATE_LIMIT_INVALID)
    .min(STATION_KEY_RATE_LIMIT.min, RATE_LIMIT_INVALID)
    .max(STATION_KEY_RATE_LIMIT.max, RATE_LIMIT_INVALID)
    .default(STATION_KEY_RATE_LIMIT.default),
});
export type TCreateStationKeyRequest = z.input<typeof ZCreateStationKeyRequest>;

/** POST /admin/api/station-keys: the whole key, in this answer only. */
export const ZStationKeyCreated = z.object({ key: z.string(), station_key: ZStationKey });
export type TStationKeyCreated = z.infer<typeof ZStationKeyCreated>;

export const ZStationKeyIdParams = z.object({ id: z.uuid(refusal('station_key_not_found')) });
