// The cluster as `npm run cluster` starts it (scripts/cluster.mjs, real processes): two api nodes
// and a worker on one PostgreSQL behind Caddy. A subscriber joins through one node, staff create a
// message through the other, translations and send progress reach live pages on both, Play reaches
// an agent connected to the other node, and a send through the load balancer is dispatched once.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { users } from '../db/schema/index.js';
import { createTestDatabase } from '../test/db.js';
import { EventStreamReader } from '../test/event-stream.js';
import { agentInfo, FakeAgent } from '../test/fake-agent.js';
import { startFakeTwilio } from '../test/fake-twilio.js';
import { waitUntil } from '../test/poll.js';
import { freePort, HttpSession } from '../test/server-process.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const onPostgres = process.env.TEST_DB === 'postgres';
const JOINER = '+12125550188';

type TCluster = { url: string; nodes: Record<string, string>; stop(): Promise<number | null> };

/** Runs scripts/cluster.mjs until it prints "cluster ready"; `stop` sends SIGTERM and waits. */
async function startCluster(env: Record<string, string>): Promise<TCluster> {
  if (spawnSync('caddy', ['version'], { stdio: 'ignore' }).status !== 0) {
    throw new Error('caddy is not installed (Debian: apt-get install caddy); .ci/run installs it');
  }
  const child: ChildProcess = spawn(process.execPath, ['scripts/cluster.mjs', '--no-build'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: a failing test can kill the script and every node at once.
    detached: true,
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout?.setEncoding('utf8').on('data', (text: string) => {
      output += text;
      const match = /cluster ready on (\S+)/.exec(output);
      if (match) resolve(match[1] as string);
    });
    child.stderr?.setEncoding('utf8').on('data', (text: string) => {
      output += text;
    });
    void exited.then((code) => reject(new Error(`the cluster exited (${code}):\n${output}`)));
  });
  const timer = setTimeout(() => process.kill(-(child.pid as number), 'SIGKILL'), 90_000);
  await ready.finally(() => clearTimeout(timer));
  const nodes = Object.fromEntries(
    [...output.matchAll(/^node (\S+) \S+ (\S+)$/gm)].map((m) => [m[1] as string, m[2] as string]),
  );
  return {
    url: `http://127.0.0.1:${env.PORT}`,
    nodes,
    async stop() {
      child.kill('SIGTERM');
      const kill = setTimeout(() => process.kill(-(child.pid as number), 'SIGKILL'), 20_000);
      const code = await exited;
      clearTimeout(kill);
      return code;
    },
  };
}

describe.runIf(onPostgres)('the cluster behind Caddy (npm run cluster)', () => {
  it('joins, creates, translates, plays and sends across the nodes, each text once', async () => {
    const fake = await startFakeTwilio();
    onTestFinished(() => fake.close());
    const database = await createTestDatabase();
    onTestFinished(() => database.close());
    const port = await freePort();
    const cluster = await startCluster({
      DATABASE_URL: database.url as string,
      PORT: String(port),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      TRANSLATION_PROVIDERS: 'apertium',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000006',
      TWILIO_AUTH_TOKEN: 'cluster-test-token',
      TWILIO_FROM_NUMBER: '+15005550006',
      TWILIO_API_BASE_URL: fake.url,
      SMS_RATE_PER_SECOND: '20',
      SMS_LEASE_SECONDS: '2',
    });
    // After a failure too (a hook registered inside a test by afterAll did not run then).
    let stopped = false;
    onTestFinished(async () => {
      if (!stopped) await cluster.stop();
    });
    const one = cluster.nodes['api-1'] as string;
    const two = cluster.nodes['api-2'] as string;
    expect(Object.keys(cluster.nodes).sort()).toEqual(['api-1', 'api-2', 'worker-1']);
    // Caddy answers on its port with the nodes' readiness, and passes each request's id.
    const ready = await fetch(`${cluster.url}/readyz`);
    expect(await ready.json()).toMatchObject({ status: 'ready', role: 'api' });
    expect(ready.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    // A subscriber joins through node 1, with the code texted to them.
    const visitor = new HttpSession(one);
    await visitor.request('GET', '/auth/session');
    const joined = await visitor.request('POST', '/subscribe/demo/register', {
      phone: JOINER,
      message_types: [{ message_type: 'emergency', language: 'es' }],
      consent_given: true,
    });
    expect(joined.status, joined.text).toBe(200);
    await waitUntil('the code text', () => fake.messages.some((m) => m.to === JOINER));
    const code = /\b(\d{6})\b/.exec(fake.messages.find((m) => m.to === JOINER)?.body ?? '')?.[1];
    const verified = await visitor.request('POST', '/subscribe/demo/verify', {
      contact_id: joined.json().contact_id,
      verification_code: code,
    });
    expect(verified.status, verified.text).toBe(200);

    // Staff work on node 2; live pages are open on both nodes.
    const staff = new HttpSession(two);
    await staff.login('admin@demo.test');
    const streams = await Promise.all(
      [one, two].map((node) => EventStreamReader.open(node as string, '/admin/api/messages/stream', staff)),
    );
    const created = await staff.request('POST', '/admin/api/messages', {
      title: 'Water main break',
      original: 'The water is off on Oak Street.',
      original_language: 'en',
      target_languages: ['es'],
      message_type: 'emergency',
    });
    expect(created.status, created.text).toBe(201);
    const messageId = created.json().id as string;
    // The worker translates; both nodes' pages hear it.
    for (const stream of streams) {
      const done = await stream.next(
        (e) =>
          e.event === 'translation_updated' &&
          (e.data as { message_id: string; translation_status: string }).message_id === messageId &&
          (e.data as { translation_status: string }).translation_status !== 'pending',
      );
      expect(done.data).toMatchObject({ language_code: 'es', translation_status: 'completed' });
    }

    // A desktop agent on node 1 plays what staff ask on node 2.
    const [sam] = await database.db.select().from(users).where(eq(users.email, 'user@demo.test'));
    const key = await staff.request('POST', `/admin/api/users/${sam?.id}/api-key`);
    expect(key.status, key.text).toBe(200);
    const agent = await FakeAgent.connect(one as string, 'demo', key.json().api_key, agentInfo());
    onTestFinished(() => agent.close());
    const played = agent.next('play');
    const play = await staff.request('POST', `/admin/api/messages/${messageId}/play`, {
      client_id: agentInfo().client_id,
    });
    expect(play.status, play.text).toBe(200);
    expect((await played).message).toMatchObject({ id: messageId });

    // Sent through the load balancer: the worker dispatches, progress reaches both nodes' pages.
    const lb = new HttpSession(cluster.url);
    await lb.login('admin@demo.test');
    // The engine's Spanish is unreviewed: the admin ticks "Send anyway" (decision 0050).
    const sent = await lb.request('POST', `/admin/api/messages/${messageId}/send-sms`, {
      send_unreviewed: true,
    });
    expect(sent.status, sent.text).toBe(200);
    const recipients = sent.json().sent_count as number;
    expect(recipients).toBeGreaterThanOrEqual(2);
    await waitUntil('every text handed to Twilio', async () => {
      const progress = (await lb.request('GET', `/admin/api/messages/${messageId}/deliveries`)).json();
      return progress.total === recipients && progress.queued === 0;
    });
    for (const stream of streams) {
      await stream.next(
        (e) => e.event === 'sms_progress' && (e.data as { message_id: string }).message_id === messageId,
      );
      stream.close();
    }
    const texts = fake.messages.filter((m) => m.body.includes('Oak') || m.body.includes('agua'));
    const perPhone = new Map<string, number>();
    for (const m of texts) perPhone.set(m.to, (perPhone.get(m.to) ?? 0) + 1);
    expect(perPhone.size).toBe(recipients);
    expect([...perPhone.values()].every((n) => n === 1)).toBe(true);
    expect(perPhone.get(JOINER)).toBe(1);
    // The joiner chose Spanish: their text is the worker's translation.
    expect(texts.find((m) => m.to === JOINER)?.body).not.toContain('The water is off');

    stopped = true;
    expect(await cluster.stop()).toBe(0);
  }, 180_000);
});
