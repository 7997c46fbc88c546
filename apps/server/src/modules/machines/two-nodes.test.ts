// Two real server processes on one PostgreSQL: a machine whose hello is larger than one NOTIFY
// may carry (about 8 KB of voices, within the agent limits) connects to node 1 and is seen by
// node 2, on its live Machines stream and its list, and plays and exports through node 2.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { seedDemo } from '../../db/seed.js';
import { createTestDatabase } from '../../test/db.js';
import { EventStreamReader } from '../../test/event-stream.js';
import { agentInfo, FakeAgent } from '../../test/fake-agent.js';
import { createMessage } from '../../test/messages-factory.js';
import { HttpSession, startServerProcess, type TServerProcess } from '../../test/server-process.js';

/** 40 voices of 190 characters each: the hello is about 8 KB. */
const manyVoices = Object.fromEntries(
  Array.from({ length: 40 }, (_, i) => [`x-${String(i).padStart(2, '0')}`, `Voice ${i} `.padEnd(190, 'v')]),
);

describe.runIf(process.env.TEST_DB === 'postgres')('a large hello across two nodes', () => {
  const nodes: TServerProcess[] = [];
  let agent: FakeAgent | undefined;
  let apiKey = '';
  let messageId = '';
  let nodeOne: TServerProcess;
  let nodeTwo: TServerProcess;

  beforeAll(async () => {
    const database = await createTestDatabase();
    afterAll(() => database.close());
    await seedDemo(database.db, 'http://localhost');
    const [sam] = await database.db.select().from(users).where(eq(users.email, 'user@demo.test'));
    messageId = (
      await createMessage(database.db, sam?.stationId as string, {
        title: 'Choir practice',
        original: 'Choir practice moves to the hall.',
        type: 'alert',
      })
    ).id;
    const env = { DATABASE_URL: database.url as string };
    nodeOne = await startServerProcess(env);
    nodes.push(nodeOne);
    nodeTwo = await startServerProcess(env);
    nodes.push(nodeTwo);
    const admin = new HttpSession(nodeOne.url);
    await admin.login('admin@demo.test');
    const key = await admin.request('POST', `/admin/api/users/${sam?.id}/api-key`);
    expect(key.status, key.text).toBe(200);
    apiKey = key.json().api_key as string;
  });

  afterAll(async () => {
    await agent?.close();
    for (const node of nodes) {
      node.kill('SIGTERM');
      await node.exited;
    }
  });

  it('is seen by the other node: live stream, list, Play and Export', async () => {
    const staff = new HttpSession(nodeTwo.url);
    await staff.login('user@demo.test');
    const stream = await EventStreamReader.open(nodeTwo.url, '/admin/api/clients/stream', staff);
    await stream.next((e) => e.event === 'connected');

    const info = agentInfo({ client_id: 'choir-pc-0001', client_name: 'Choir PC', voices: manyVoices });
    expect(JSON.stringify({ type: 'hello', info }).length).toBeGreaterThan(8000);
    agent = await FakeAgent.connect(nodeOne.url, 'demo', apiKey, info);

    const connected = await stream.next(
      (e) =>
        e.event === 'client_connected' && (e.data as { client_id: string }).client_id === 'choir-pc-0001',
    );
    expect(connected.data).toMatchObject({ client_name: 'Choir PC', voices: manyVoices });
    const listed = (await staff.request('GET', '/admin/api/clients')).json().clients;
    expect(listed).toEqual([expect.objectContaining({ client_id: 'choir-pc-0001', voices: manyVoices })]);

    const played = agent.next('play');
    const play = await staff.request('POST', `/admin/api/messages/${messageId}/play`, {
      client_id: 'choir-pc-0001',
    });
    expect(play.json()).toEqual({ message: 'Playing on Choir PC', status: 'playing' });
    expect((await played).message).toMatchObject({
      id: messageId,
      parts: [{ language: 'en', text: 'Choir practice moves to the hall.' }],
    });

    const files = Array.from({ length: 18 }, (_, i) => `demo-radio_alert_2026-11-24_1000_${i}.wav`);
    agent.answer = () => ({ ok: true, export_path: '/home/choir/Exports', files });
    const exported = await staff.request('POST', `/admin/api/messages/${messageId}/export`, {
      client_id: 'choir-pc-0001',
    });
    expect(exported.json()).toEqual({
      message: 'Exported to Choir PC: /home/choir/Exports',
      export_path: '/home/choir/Exports',
      files,
    });

    await agent.close();
    await stream.next(
      (e) =>
        e.event === 'client_disconnected' && (e.data as { client_id: string }).client_id === 'choir-pc-0001',
    );
    stream.close();
  });
});
