// Two real server processes on one PostgreSQL (decision 0019): sign-in failures and route limits
// split across both nodes are refused at the same total as on one node, and a restarted node
// still refuses. Then the same with the counters in Redis. PostgreSQL runs only.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db.js';
import { createStationWithAdmin } from '../../test/factories.js';
import { redisReachable, TEST_REDIS_URL } from '../../test/redis.js';
import { HttpSession, startServerProcess, type TServerProcess } from '../../test/server-process.js';

const onPostgres = process.env.TEST_DB === 'postgres';

const LIMITS = {
  LOGIN_ACCOUNT_FAILURES: '4',
  LOGIN_ADDRESS_FAILURES: '100',
  LOGIN_DELAY_SECONDS: '600',
};
const TOO_MANY = /^Too many attempts\. Please try again in \d+ minutes\.$/;

async function signIn(node: TServerProcess, email: string, password: string) {
  const session = new HttpSession(node.url);
  await session.request('GET', '/auth/session');
  return session.request('POST', '/auth/login', { email, password });
}

async function contact(node: TServerProcess) {
  const session = new HttpSession(node.url);
  await session.request('GET', '/auth/session');
  return session.request('POST', '/api/contact', {
    name: 'A',
    email: 'a@example.test',
    subject: 'Hi',
    message: 'x',
  });
}

async function stop(node: TServerProcess) {
  node.kill('SIGTERM');
  await node.exited;
}

/**
 * Two nodes on a fresh PostgreSQL database with one station, started before the suite's tests and
 * stopped after them (hooks, so a skipped suite starts nothing). Each run has its own account:
 * Redis keeps counters between runs.
 */
function twoNodes(env: Record<string, string>) {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let nodeEnv: Record<string, string> = {};
  const running = new Set<TServerProcess>();
  const cluster = {
    adminEmail: '',
    nodes: [] as TServerProcess[],
    /** Stops node `index` and starts a new process in its place. */
    async restart(index: number) {
      const old = cluster.nodes[index] as TServerProcess;
      await stop(old);
      running.delete(old);
      const again = await startServerProcess(nodeEnv);
      running.add(again);
      cluster.nodes[index] = again;
    },
  };
  beforeAll(async () => {
    database = await createTestDatabase();
    const slug = `shared${randomBytes(4).toString('hex')}`;
    cluster.adminEmail = (await createStationWithAdmin(database.db, { slug })).adminEmail;
    nodeEnv = { DATABASE_URL: database.url as string, ...LIMITS, ...env };
    const started = await Promise.allSettled([startServerProcess(nodeEnv), startServerProcess(nodeEnv)]);
    for (const result of started) if (result.status === 'fulfilled') running.add(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    cluster.nodes = started.map((result) => (result as PromiseFulfilledResult<TServerProcess>).value);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([...running].map(stop));
    await database?.close();
  });
  return cluster;
}

describe.runIf(onPostgres)('limits shared by two nodes on one PostgreSQL', () => {
  const cluster = twoNodes({});
  const node = (index: number) => cluster.nodes[index] as TServerProcess;

  it('locks an account after failures split across both nodes, on both, and after a restart', async () => {
    for (const index of [0, 1, 0, 1]) {
      expect((await signIn(node(index), cluster.adminEmail, 'wrong-password')).status).toBe(401);
    }
    for (const index of [0, 1]) {
      const refused = await signIn(node(index), cluster.adminEmail, 'demo1234');
      expect(refused.status).toBe(429);
      expect(refused.json().error).toMatch(TOO_MANY);
    }
    await cluster.restart(0);
    const refused = await signIn(node(0), cluster.adminEmail, 'demo1234');
    expect(refused.status).toBe(429);
    expect(refused.json().error).toMatch(TOO_MANY);
  });

  it('counts a route limit (contact form, 5 per address) across both nodes', async () => {
    const statuses = [];
    for (const index of [0, 1, 0, 1, 0]) statuses.push((await contact(node(index))).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    const refused = await contact(node(1));
    expect(refused.status).toBe(429);
    expect(refused.json().error).toBe('Too many attempts. Please try again in 15 minutes.');
  });
});

describe.runIf(onPostgres && (await redisReachable()))('limits shared by two nodes in Redis', () => {
  // The address is shared with earlier runs on this Redis, so its threshold is out of the way.
  const cluster = twoNodes({ REDIS_URL: TEST_REDIS_URL, LOGIN_ADDRESS_FAILURES: '100000' });

  it('locks an account after failures split across both nodes', async () => {
    const [a, b] = cluster.nodes as [TServerProcess, TServerProcess];
    for (const node of [a, b, a, b]) {
      expect((await signIn(node, cluster.adminEmail, 'wrong-password')).status).toBe(401);
    }
    for (const node of [b, a]) expect((await signIn(node, cluster.adminEmail, 'demo1234')).status).toBe(429);
  });
});
