// The shared counters in Redis (REDIS_URL): one hash per key (h hits, we window end, bu blocked
// until, in ms), changed by Lua scripts so each change is atomic; Redis expires the hash itself.
import { Redis } from 'ioredis';
import type { TCounter, TRateLimitStore } from './store.js';

const PREFIX = 'ms:rl:';

// KEYS[1]; ARGV: now, windowMs, extend (1/0), max (0 = none). Returns {taken, h, we, bu}.
const HIT = `
local now = tonumber(ARGV[1])
local win = tonumber(ARGV[2])
local max = tonumber(ARGV[4])
local v = redis.call('HMGET', KEYS[1], 'h', 'we', 'bu')
local h = tonumber(v[1]) or 0
local we = tonumber(v[2]) or 0
local bu = tonumber(v[3]) or 0
if we <= now then
  h = 1
  we = now + win
elseif max > 0 and h >= max then
  return {0, h, we, bu}
else
  h = h + 1
  if ARGV[3] == '1' then we = now + win end
end
redis.call('HSET', KEYS[1], 'h', h, 'we', we)
redis.call('PEXPIRE', KEYS[1], math.max(we, bu) - now + 1000)
return {1, h, we, bu}
`;

// KEYS[1]; ARGV: now.
const GIVE_BACK = `
local v = redis.call('HMGET', KEYS[1], 'h', 'we')
local h = tonumber(v[1]) or 0
if (tonumber(v[2]) or 0) > tonumber(ARGV[1]) and h > 0 then redis.call('HSET', KEYS[1], 'h', h - 1) end
return 0
`;

// KEYS[1]; ARGV: now, until.
const BLOCK = `
local now = tonumber(ARGV[1])
local v = redis.call('HMGET', KEYS[1], 'we', 'bu')
local we = tonumber(v[1]) or now
local bu = math.max(tonumber(v[2]) or 0, tonumber(ARGV[2]))
redis.call('HSET', KEYS[1], 'we', we, 'bu', bu)
redis.call('PEXPIRE', KEYS[1], math.max(we, bu) - now + 1000)
return 0
`;

// KEYS[1]; ARGV: now, memoryMs, threshold, delayMs, maxDelayMs. Returns {taken, h, we, bu}.
const RESERVE = `
local now = tonumber(ARGV[1])
local threshold = tonumber(ARGV[3])
local v = redis.call('HMGET', KEYS[1], 'h', 'we', 'bu')
local h = tonumber(v[1]) or 0
local we = tonumber(v[2]) or 0
local bu = tonumber(v[3]) or 0
if bu > now then return {0, h, we, bu} end
if we <= now then h = 1 else h = h + 1 end
we = now + tonumber(ARGV[2])
if h >= threshold then
  bu = now + math.min(tonumber(ARGV[4]) * 2 ^ math.min(h - threshold, 40), tonumber(ARGV[5]))
end
redis.call('HSET', KEYS[1], 'h', h, 'we', we, 'bu', bu)
redis.call('PEXPIRE', KEYS[1], math.max(we, bu) - now + 1000)
return {1, h, we, bu}
`;

// KEYS[1]; ARGV: now, reservedHits, threshold.
const RELEASE = `
local v = redis.call('HMGET', KEYS[1], 'h', 'we')
local h = tonumber(v[1]) or 0
if (tonumber(v[2]) or 0) <= tonumber(ARGV[1]) then return 0 end
if h - 1 < tonumber(ARGV[3]) or h == tonumber(ARGV[2]) then redis.call('HSET', KEYS[1], 'bu', 0) end
redis.call('HSET', KEYS[1], 'h', math.max(h - 1, 0))
return 0
`;

function toCounter(h: number, we: number, bu: number, now: Date): TCounter {
  return {
    hits: we > now.getTime() ? h : 0,
    windowEndsAt: new Date(we),
    blockedUntil: bu > 0 ? new Date(bu) : null,
  };
}

export function createRedisStore(
  url: string,
  log?: { error(details: object, message: string): void },
): TRateLimitStore {
  // Commands wait while the connection is re-established, but fail after a few tries rather than
  // holding a sign-in forever.
  const redis = new Redis(url, { maxRetriesPerRequest: 3, lazyConnect: false });
  redis.on('error', (error) => log?.error({ err: error }, 'rate-limit store (Redis) error'));
  const run = async (key: string, now: Date, windowMs: number, extend: boolean, max: number) => {
    const [taken, h, we, bu] = (await redis.eval(
      HIT,
      1,
      PREFIX + key,
      now.getTime(),
      windowMs,
      extend ? '1' : '0',
      max,
    )) as number[];
    return { taken: taken === 1, counter: toCounter(h ?? 0, we ?? 0, bu ?? 0, now) };
  };
  return {
    kind: 'redis',
    async hit(key, windowMs, now, options) {
      return (await run(key, now, windowMs, options?.extend ?? false, 0)).counter;
    },
    take: (key, max, windowMs, now) => run(key, now, windowMs, false, max),
    async giveBack(key, now) {
      await redis.eval(GIVE_BACK, 1, PREFIX + key, now.getTime());
    },
    async read(key, now) {
      const [h, we, bu] = await redis.hmget(PREFIX + key, 'h', 'we', 'bu');
      if (we === null && bu === null) return null;
      const counter = toCounter(Number(h ?? 0), Number(we ?? 0), Number(bu ?? 0), now);
      const blocked = counter.blockedUntil !== null && counter.blockedUntil > now;
      return counter.windowEndsAt > now || blocked ? counter : null;
    },
    async block(key, until, now) {
      await redis.eval(BLOCK, 1, PREFIX + key, now.getTime(), until.getTime());
    },
    async reserve(key, policy, now) {
      const [taken, h, we, bu] = (await redis.eval(
        RESERVE,
        1,
        PREFIX + key,
        now.getTime(),
        policy.memoryMs,
        policy.threshold,
        policy.delayMs,
        policy.maxDelayMs,
      )) as number[];
      return { taken: taken === 1, counter: toCounter(h ?? 0, we ?? 0, bu ?? 0, now) };
    },
    async release(key, reservedHits, threshold, now) {
      await redis.eval(RELEASE, 1, PREFIX + key, now.getTime(), reservedHits, threshold);
    },
    async clear(key) {
      await redis.del(PREFIX + key);
    },
    async clearPrefix(prefix) {
      // Counter keys hold no glob characters (hex digests, addresses and ':').
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${PREFIX}${prefix}*`, 'COUNT', 500);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    },
    async deleteExpired() {
      return 0;
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
