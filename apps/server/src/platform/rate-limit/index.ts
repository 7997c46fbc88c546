// Opens the shared counter store and plugs it into @fastify/rate-limit, so every route's
// `config.rateLimit` counts on all nodes together and survives a restart (decision 0019).
import type { Database } from '../../db/client.js';
import { AppError } from '../errors.js';
import { createRedisStore } from './redis-store.js';
import { createPostgresStore, type TRateLimitStore } from './store.js';

export type { TAttemptPolicy, TCounter, TRateLimitStore } from './store.js';
export { attemptDelay } from './store.js';

export function openRateLimitStore(
  redisUrl: string | undefined,
  database: Database,
  log?: { error(details: object, message: string): void },
): TRateLimitStore {
  return redisUrl ? createRedisStore(redisUrl, log) : createPostgresStore(database.db);
}

type TIncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store class for @fastify/rate-limit's `store` option. The plugin makes one child per route;
 * each counts under `route:<METHOD><url>:<ip>`.
 */
export function routeStoreFor(store: TRateLimitStore, now: () => Date) {
  return class SharedRouteStore {
    constructor(
      _options?: unknown,
      readonly prefix = 'route:',
    ) {}

    incr(key: string, callback: TIncrCallback, timeWindow: number) {
      const at = now();
      store.hit(this.prefix + key, timeWindow, at).then(
        (counter) =>
          callback(null, {
            current: counter.hits,
            ttl: Math.max(0, counter.windowEndsAt.getTime() - at.getTime()),
          }),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: TIncrCallback) {
      const at = now();
      store.read(this.prefix + key, at).then(
        (counter) =>
          callback(null, {
            current: counter?.hits ?? 0,
            ttl: counter ? Math.max(0, counter.windowEndsAt.getTime() - at.getTime()) : 0,
          }),
        (error: Error) => callback(error),
      );
    }

    // The plugin hands each route's options with `routeInfo` (its method and url) beside them.
    child(routeOptions: object) {
      const { method, url } =
        (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      return new SharedRouteStore(undefined, `route:${String(method ?? '')}${String(url ?? '')}:`);
    }
  };
}

/** "1 minute", "15 minutes", "2 hours": the wait as the route limits word it. */
export function describeWait(ms: number): string {
  const units: [number, string][] = [
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1000, 'second'],
  ];
  for (const [size, name] of units) {
    if (ms >= size || name === 'second') {
      const n = Math.max(1, Math.round(ms / size));
      return `${n} ${name}${n === 1 ? '' : 's'}`;
    }
  }
  return '1 second';
}

/** Which limit refused: the client words the refusal from it (en, es) and the seconds to wait. */
export type TRateLimitName =
  | 'route'
  | 'sign_in'
  | 'code_cooldown'
  | 'code_number'
  | 'code_station'
  | 'code_service'
  | 'code_signup'
  | 'code_signup_address'
  | 'api_key';

/**
 * A 429 `rate_limited` worded per limit (ERROR_CODES), with the wait in words and in Retry-After
 * (seconds), and `rate_limit` and `retry_after_seconds` beside `{error, code, params}`.
 */
export function tooMany(limit: TRateLimitName, until: Date, now: Date): AppError {
  const ms = Math.max(1000, until.getTime() - now.getTime());
  const seconds = Math.ceil(ms / 1000);
  return new AppError(
    'rate_limited',
    { rate_limit: limit, wait: describeWait(ms) },
    { rate_limit: limit, retry_after_seconds: seconds },
  );
}

/**
 * The source an address's share is counted under: an IPv4 address as it is, an IPv6 address by
 * its /64 (one home or host holds a whole /64, so counting single addresses would let it rotate).
 */
export function addressSource(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1] as string;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.split('%')[0]?.split('::') ?? [];
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}
