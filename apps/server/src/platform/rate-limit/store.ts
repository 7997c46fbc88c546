// Counters every node shares (decision 0019): fixed windows with an optional block, kept in the
// rate_limits table, or in Redis when REDIS_URL is set. Each change is one atomic statement, so
// nodes counting the same key at once count exactly.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

export type TCounter = {
  /** Hits in the current window (0 once it ended). */
  hits: number;
  windowEndsAt: Date;
  /** Set after repeated failures: refuse until then, whatever the count. */
  blockedUntil: Date | null;
};

/**
 * How `reserve` counts attempts that may fail (sign-in, decision 0054): a count kept until
 * `memoryMs` passes without an attempt; the attempt that brings it to `threshold` or past it
 * makes the key wait `delayMs`, doubled for each one past, at most `maxDelayMs`.
 */
export type TAttemptPolicy = { threshold: number; memoryMs: number; delayMs: number; maxDelayMs: number };

/** The wait an attempt policy sets once `hits` attempts were counted; 0 below the threshold. */
export function attemptDelay(hits: number, policy: Omit<TAttemptPolicy, 'memoryMs'>): number {
  if (hits < policy.threshold) return 0;
  const doublings = Math.min(hits - policy.threshold, 40);
  return Math.min(policy.delayMs * 2 ** doublings, policy.maxDelayMs);
}

export type TRateLimitStore = {
  kind: 'postgres' | 'redis';
  /**
   * Counts one hit. A window that ended starts again at 1. With `extend` every hit pushes the
   * window's end to now + windowMs (the count is forgotten only after that long without a hit).
   */
  hit(key: string, windowMs: number, now: Date, options?: { extend?: boolean }): Promise<TCounter>;
  /** Counts one hit only while fewer than `max` were counted in the window; `taken` says if it did. */
  take(key: string, max: number, windowMs: number, now: Date): Promise<{ taken: boolean; counter: TCounter }>;
  /** Gives back one hit of a live window (another limit refused the request it was taken for). */
  giveBack(key: string, now: Date): Promise<void>;
  /** The counter, or null when its window ended and no block holds. */
  read(key: string, now: Date): Promise<TCounter | null>;
  /** Refuses the key until `until` (a longer block already there stays). */
  block(key: string, until: Date, now: Date): Promise<void>;
  /**
   * Counts one attempt before it is made, unless the key waits (`taken` false, nothing counted).
   * The attempt that reaches the policy's threshold sets the wait in the same atomic change, so
   * attempts made at once on any node never number more than the threshold before a wait.
   */
  reserve(key: string, policy: TAttemptPolicy, now: Date): Promise<{ taken: boolean; counter: TCounter }>;
  /**
   * Takes back one reserved attempt (it succeeded, or another limit refused it): one hit less, and
   * no wait when the count falls below `threshold` or when this attempt's own wait is the last set.
   */
  release(key: string, reservedHits: number, threshold: number, now: Date): Promise<void>;
  /** Forgets the key. */
  clear(key: string): Promise<void>;
  /** Forgets every key that starts with `prefix` (an account's sign-in counters). */
  clearPrefix(prefix: string): Promise<void>;
  /** Deletes counters whose window and block both ended (Redis expires its own: 0). */
  deleteExpired(now: Date): Promise<number>;
  close(): Promise<void>;
};

type TRow = { hits: number; window_ends_at: Date | string; blocked_until: Date | string | null };

function toCounter(row: TRow, now: Date): TCounter {
  const windowEndsAt = new Date(row.window_ends_at);
  return {
    hits: windowEndsAt > now ? Number(row.hits) : 0,
    windowEndsAt,
    blockedUntil: row.blocked_until === null ? null : new Date(row.blocked_until),
  };
}

const rowsOf = (result: unknown) => (result as { rows: TRow[] }).rows;

/** The store on the application's database (PGlite or PostgreSQL): INSERT … ON CONFLICT … RETURNING. */
export function createPostgresStore(db: Db): TRateLimitStore {
  const upsert = async (key: string, windowMs: number, now: Date, extend: boolean, max: number | null) => {
    const at = now.toISOString();
    const end = new Date(now.getTime() + windowMs).toISOString();
    const result = await db.execute(sql`
      insert into rate_limits as r (key, hits, window_ends_at)
      values (${key}, 1, ${end}::timestamptz)
      on conflict (key) do update set
        hits = case when r.window_ends_at <= ${at}::timestamptz then 1 else r.hits + 1 end,
        window_ends_at = case
          when ${extend} or r.window_ends_at <= ${at}::timestamptz then excluded.window_ends_at
          else r.window_ends_at end
      ${max === null ? sql`` : sql`where r.window_ends_at <= ${at}::timestamptz or r.hits < ${max}`}
      returning hits, window_ends_at, blocked_until`);
    const [row] = rowsOf(result);
    return row ? toCounter(row, now) : null;
  };
  const read = async (key: string, now: Date) => {
    const [row] = rowsOf(
      await db.execute(sql`select hits, window_ends_at, blocked_until from rate_limits where key = ${key}`),
    );
    if (!row) return null;
    const counter = toCounter(row, now);
    const blocked = counter.blockedUntil !== null && counter.blockedUntil > now;
    return counter.windowEndsAt > now || blocked ? counter : null;
  };
  return {
    kind: 'postgres',
    async reserve(key, policy, now) {
      const at = now.toISOString();
      const end = new Date(now.getTime() + policy.memoryMs).toISOString();
      const firstWait = attemptDelay(1, policy);
      const firstBlock = firstWait > 0 ? new Date(now.getTime() + firstWait).toISOString() : null;
      const hits = sql`(case when r.window_ends_at <= ${at}::timestamptz then 1 else r.hits + 1 end)`;
      const [row] = rowsOf(
        await db.execute(sql`
          insert into rate_limits as r (key, hits, window_ends_at, blocked_until)
          values (${key}, 1, ${end}::timestamptz, ${firstBlock}::timestamptz)
          on conflict (key) do update set
            hits = ${hits},
            window_ends_at = excluded.window_ends_at,
            blocked_until = case
              when ${hits} >= ${policy.threshold}::int then ${at}::timestamptz + least(
                ${policy.delayMs}::float8 * power(2::float8, least(${hits} - ${policy.threshold}::int, 40)),
                ${policy.maxDelayMs}::float8) * interval '1 millisecond'
              else r.blocked_until end
          where r.blocked_until is null or r.blocked_until <= ${at}::timestamptz
          returning hits, window_ends_at, blocked_until`),
      );
      if (row) return { taken: true, counter: toCounter(row, now) };
      const waiting = await read(key, now);
      return {
        taken: false,
        counter: waiting ?? { hits: policy.threshold, windowEndsAt: now, blockedUntil: now },
      };
    },
    async release(key, reservedHits, threshold, now) {
      await db.execute(sql`
        update rate_limits set
          hits = greatest(hits - 1, 0),
          blocked_until = case
            when hits - 1 < ${threshold}::int or hits = ${reservedHits}::int then null
            else blocked_until end
        where key = ${key} and window_ends_at > ${now.toISOString()}::timestamptz`);
    },
    async clearPrefix(prefix) {
      const pattern = `${prefix.replace(/[\\%_]/g, '\\$&')}%`;
      await db.execute(sql`delete from rate_limits where key like ${pattern}`);
    },
    async hit(key, windowMs, now, options) {
      const counter = await upsert(key, windowMs, now, options?.extend ?? false, null);
      if (!counter) throw new Error('rate limit upsert returned nothing');
      return counter;
    },
    async take(key, max, windowMs, now) {
      const counter = await upsert(key, windowMs, now, false, max);
      if (counter) return { taken: true, counter };
      const full = await read(key, now);
      return { taken: false, counter: full ?? { hits: max, windowEndsAt: now, blockedUntil: null } };
    },
    async giveBack(key, now) {
      await db.execute(sql`
        update rate_limits set hits = greatest(hits - 1, 0)
        where key = ${key} and window_ends_at > ${now.toISOString()}::timestamptz`);
    },
    read,
    async block(key, until, now) {
      const at = until.toISOString();
      await db.execute(sql`
        insert into rate_limits as r (key, hits, window_ends_at, blocked_until)
        values (${key}, 0, ${now.toISOString()}::timestamptz, ${at}::timestamptz)
        on conflict (key) do update set
          blocked_until = greatest(coalesce(r.blocked_until, ${at}::timestamptz), ${at}::timestamptz)`);
    },
    async clear(key) {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
    async deleteExpired(now) {
      const at = now.toISOString();
      const [row] = (
        (await db.execute(sql`
          with gone as (
            delete from rate_limits
            where window_ends_at <= ${at}::timestamptz
              and (blocked_until is null or blocked_until <= ${at}::timestamptz)
            returning 1)
          select count(*)::int as n from gone`)) as unknown as { rows: { n: number }[] }
      ).rows;
      return Number(row?.n ?? 0);
    },
    async close() {},
  };
}
