// Two real server processes on one PostgreSQL (decision 0019): sign-in failures and route limits
// split across both nodes are refused at the same total as on one node, and a restarted node
// still refuses. Then the same with the counters in Redis. PostgreSQL runs only.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
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

async function twoNodes(env: Record<string, string>) {
  const database = await createTestDatabase();
  // Its own account per run: Redis keeps counters between runs.
  const slug = `shared${randomBytes(4).toString('hex')}`;
  const { adminEmail } = await createStationWithAdmin(database.db, { slug });
  const nodeEnv = { DATABASE_URL: database.url as string, ...LIMITS, ...env };
  const nodes = await Promise.all([startServerProcess(nodeEnv), startServerProcess(nodeEnv)]);
  const running = new Set(nodes);
  afterAll(async () => {
    await Promise.all([...running].map(stop));
    await database.close();
  });
  return {
    adminEmail,
    nodes: nodes as [TServerProcess, TServerProcess],
    async restart(node: TServerProcess) {
      await stop(node);
      running.delete(node);
      const again = await startServerProcess(nodeEnv);
      running.add(again);
      return again;
    },
  };
}

describe.runIf(onPostgres)('limits shared by two nodes on one PostgreSQL', async () => {
  const { adminEmail, nodes, restart } = await twoNodes({});
  let [a, b] = nodes;

  it('locks an account after failures split across both nodes, on both, and after a restart', async () => {
    for (const node of [a, b, a, b]) {
      expect((await signIn(node, adminEmail, 'wrong-password')).status).toBe(401);
    }
    for (const node of [a, b]) {
      const refused = await signIn(node, adminEmail, 'demo1234');
      expect(refused.status).toBe(429);
      expect(refused.json().error).toMatch(TOO_MANY);
    }
    a = await restart(a);
    const refused = await signIn(a, adminEmail, 'demo1234');
    expect(refused.status).toBe(429);
    expect(refused.json().error).toMatch(TOO_MANY);
  });

  it('counts a route limit (contact form, 5 per address) across both nodes', async () => {
    const statuses = [];
    for (const node of [a, b, a, b, a]) statuses.push((await contact(node)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    const refused = await contact(b);
    expect(refused.status).toBe(429);
    expect(refused.json().error).toBe('Too many attempts. Please try again in 15 minutes.');
  });
});

describe.runIf(onPostgres && (await redisReachable()))('limits shared by two nodes in Redis', async () => {
  // The address is shared with earlier runs on this Redis, so its threshold is out of the way.
  const { adminEmail, nodes } = await twoNodes({
    REDIS_URL: TEST_REDIS_URL,
    LOGIN_ADDRESS_FAILURES: '100000',
  });
  const [a, b] = nodes;

  it('locks an account after failures split across both nodes', async () => {
    for (const node of [a, b, a, b]) {
      expect((await signIn(node, adminEmail, 'wrong-password')).status).toBe(401);
    }
    for (const node of [b, a]) expect((await signIn(node, adminEmail, 'demo1234')).status).toBe(429);
  });
});
