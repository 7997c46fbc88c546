// The shared counter store on the project's database (PGlite, or PostgreSQL with TEST_DB=postgres)
// and on Redis (TEST_REDIS_URL, default the local one): the same behaviour from both.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db.js';
import { redisReachable, TEST_REDIS_URL } from '../../test/redis.js';
import { createRedisStore } from './redis-store.js';
import { createPostgresStore, type TRateLimitStore } from './store.js';

const redisUp = await redisReachable();

const database = await createTestDatabase();
afterAll(() => database.close());

const T0 = new Date();
const at = (ms: number) => new Date(T0.getTime() + ms);
const MINUTE = 60_000;

function storeContract(name: string, open: () => TRateLimitStore) {
  describe(name, () => {
    const store = open();
    const run = randomBytes(4).toString('hex');
    const key = (k: string) => `test:${run}:${k}`;
    afterAll(() => store.close());

    it('counts hits in a window and starts again at 1 once it ended', async () => {
      expect((await store.hit(key('a'), MINUTE, at(0))).hits).toBe(1);
      const second = await store.hit(key('a'), MINUTE, at(10_000));
      expect(second.hits).toBe(2);
      expect(second.windowEndsAt.getTime()).toBe(at(MINUTE).getTime());
      const fresh = await store.hit(key('a'), MINUTE, at(MINUTE));
      expect(fresh).toMatchObject({ hits: 1 });
      expect(fresh.windowEndsAt.getTime()).toBe(at(2 * MINUTE).getTime());
    });

    it('pushes the window end on each hit with extend, so the count lasts while hits keep coming', async () => {
      await store.hit(key('b'), MINUTE, at(0), { extend: true });
      await store.hit(key('b'), MINUTE, at(50_000), { extend: true });
      const third = await store.hit(key('b'), MINUTE, at(100_000), { extend: true });
      expect(third.hits).toBe(3);
      expect(third.windowEndsAt.getTime()).toBe(at(160_000).getTime());
    });

    it('takes at most max in a window, refusals do not count, and a given-back place is free again', async () => {
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await store.take(key('c'), 3, MINUTE, at(i)));
      expect(results.map((r) => r.taken)).toEqual([true, true, true, false]);
      expect(results[3]?.counter.hits).toBe(3);
      expect(results[3]?.counter.windowEndsAt.getTime()).toBe(at(MINUTE).getTime());
      await store.giveBack(key('c'), at(10));
      expect((await store.take(key('c'), 3, MINUTE, at(11))).taken).toBe(true);
      expect((await store.take(key('c'), 3, MINUTE, at(12))).taken).toBe(false);
      expect((await store.take(key('c'), 3, MINUTE, at(MINUTE))).taken).toBe(true);
    });

    it('counts exactly when many requests take at once', async () => {
      const results = await Promise.all(
        Array.from({ length: 40 }, () => store.take(key('d'), 25, MINUTE, at(0))),
      );
      expect(results.filter((r) => r.taken)).toHaveLength(25);
      expect((await store.read(key('d'), at(1)))?.hits).toBe(25);
    });

    it('keeps the longest block and reads it after the window ended; clear forgets the key', async () => {
      await store.hit(key('e'), MINUTE, at(0));
      await store.block(key('e'), at(5 * MINUTE), at(0));
      await store.block(key('e'), at(2 * MINUTE), at(1));
      const blocked = await store.read(key('e'), at(3 * MINUTE));
      expect(blocked?.hits).toBe(0);
      expect(blocked?.blockedUntil?.getTime()).toBe(at(5 * MINUTE).getTime());
      expect(await store.read(key('e'), at(6 * MINUTE))).toBeNull();
      await store.clear(key('e'));
      expect(await store.read(key('e'), at(1))).toBeNull();
    });

    const policy = { threshold: 3, memoryMs: 10 * MINUTE, delayMs: MINUTE, maxDelayMs: 4 * MINUTE };

    it('reserves attempts up to the threshold at once, the last setting the wait, then one per doubling wait', async () => {
      const results = await Promise.all(
        Array.from({ length: 30 }, () => store.reserve(key('r'), policy, at(0))),
      );
      expect(results.filter((r) => r.taken)).toHaveLength(3);
      const refused = results.find((r) => !r.taken);
      expect(refused?.counter.blockedUntil?.getTime()).toBe(at(MINUTE).getTime());
      expect((await store.reserve(key('r'), policy, at(MINUTE - 1))).taken).toBe(false);
      const fourth = await store.reserve(key('r'), policy, at(MINUTE));
      expect(fourth).toMatchObject({ taken: true, counter: { hits: 4 } });
      expect(fourth.counter.blockedUntil?.getTime()).toBe(at(3 * MINUTE).getTime());
      expect((await store.reserve(key('r'), policy, at(2 * MINUTE))).taken).toBe(false);
    });

    it('takes back a reservation: its own wait goes, and below the threshold no wait stays', async () => {
      const first = await store.reserve(key('g'), policy, at(0));
      await store.reserve(key('g'), policy, at(1));
      const third = await store.reserve(key('g'), policy, at(2));
      expect(third.counter.blockedUntil).not.toBeNull();
      await store.release(key('g'), third.counter.hits, policy.threshold, at(3));
      const again = await store.reserve(key('g'), policy, at(4));
      expect(again).toMatchObject({ taken: true, counter: { hits: 3 } });
      // An earlier reservation given back leaves the later one's wait only while still over.
      await store.release(key('g'), first.counter.hits, policy.threshold, at(5));
      expect((await store.read(key('g'), at(6)))?.hits).toBe(2);
      expect((await store.reserve(key('g'), policy, at(7))).taken).toBe(true);
    });

    it('forgets every key under a prefix, and only those', async () => {
      await store.reserve(key('p:ip:1'), policy, at(0));
      await store.reserve(key('p:new'), policy, at(0));
      await store.reserve(key('q:new'), policy, at(0));
      await store.clearPrefix(key('p:'));
      expect(await store.read(key('p:ip:1'), at(1))).toBeNull();
      expect(await store.read(key('p:new'), at(1))).toBeNull();
      expect((await store.read(key('q:new'), at(1)))?.hits).toBe(1);
    });

    it('blocks a key it has never counted', async () => {
      await store.block(key('f'), at(MINUTE), at(0));
      expect((await store.read(key('f'), at(1)))?.blockedUntil?.getTime()).toBe(at(MINUTE).getTime());
      expect(await store.read(key('never'), at(0))).toBeNull();
    });
  });
}

storeContract(`${database.kind} store`, () => createPostgresStore(database.db));

describe.skipIf(!redisUp)(`redis store (${TEST_REDIS_URL})`, () => {
  storeContract('redis', () => createRedisStore(TEST_REDIS_URL));
});

describe(`${database.kind} housekeeping`, () => {
  it('deletes only counters whose window and block both ended', async () => {
    const store = createPostgresStore(database.db);
    await store.hit('sweep:ended', MINUTE, at(0));
    await store.hit('sweep:live', 10 * MINUTE, at(0));
    await store.hit('sweep:blocked', MINUTE, at(0));
    await store.block('sweep:blocked', at(10 * MINUTE), at(0));
    expect(await store.deleteExpired(at(2 * MINUTE))).toBeGreaterThanOrEqual(1);
    expect(await store.read('sweep:ended', at(0))).toBeNull();
    expect((await store.read('sweep:live', at(2 * MINUTE)))?.hits).toBe(1);
    expect((await store.read('sweep:blocked', at(2 * MINUTE)))?.blockedUntil).not.toBeNull();
  });
});
