// Words a rate-limit refusal (decision 0019) in the interface language from the reply's
// `code: 'rate_limited'`, `rate_limit` and `retry_after_seconds`; in English the same sentence the
// server sends.
import i18n, { currentLanguage } from '../i18n';

/** Each limit the server names (`rate_limit`) and the sentence that words it. */
const RATE_LIMIT_KEYS = {
  route: 'errors:rate_limited.route',
  sign_in: 'errors:rate_limited.sign_in',
  code_cooldown: 'errors:rate_limited.code_cooldown',
  code_number: 'errors:rate_limited.code_number',
  code_station: 'errors:rate_limited.code_station',
  code_service: 'errors:rate_limited.code_service',
  code_signup: 'errors:rate_limited.code_signup',
  code_signup_address: 'errors:rate_limited.code_signup_address',
  api_key: 'errors:rate_limited.api_key',
} as const;

const UNITS: [number, 'day' | 'hour' | 'minute' | 'second'][] = [
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
];

/** "2 minutes", "2 minutos": the wait rounded in its largest unit, as the server words it. */
export function describeWait(seconds: number, language: string): string {
  const [size, unit] = UNITS.find(([size]) => seconds >= size) ?? [1, 'second'];
  const count = Math.max(1, Math.round(seconds / size));
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(count);
}

/** The refusal in words, or null when the reply is no rate-limit refusal we know. */
export function rateLimitText(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { code, rate_limit: limit, retry_after_seconds: seconds } = body as Record<string, unknown>;
  if (code !== 'rate_limited' || typeof seconds !== 'number') return null;
  if (typeof limit !== 'string' || !Object.hasOwn(RATE_LIMIT_KEYS, limit)) return null;
  const key = RATE_LIMIT_KEYS[limit as keyof typeof RATE_LIMIT_KEYS];
  if (!i18n.exists(key)) return null;
  return String(i18n.t(key, { wait: describeWait(seconds, currentLanguage()) }));
}
