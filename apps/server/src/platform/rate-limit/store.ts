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
  /** Forgets the key. */
  clear(key: string): Promise<void>;
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
