// Machines: the agent WebSocket (API key checked before the upgrade, revoked keys cut off), the
// live list and its stream, Play/Stop/Export routed to the machine and answered by it, and the
// same across two app processes sharing one PostgreSQL database.
import { AGENT_FRAME_MAX_BYTES, AGENT_MAX_VOICES } from '@message-station/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { openPostgres } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { EventStreamReader } from '../../test/event-stream.js';
import { createStationWithAdmin } from '../../test/factories.js';
import { agentInfo, FakeAgent } from '../../test/fake-agent.js';
import { createMessage } from '../../test/messages-factory.js';

const {
  app,
  db,
  config,
  database: testDatabase,
} = await createTestApp({ agentTimeouts: { play: 400, stop: 400, export: 400 } });
let baseUrl = '';
const admin = new TestClient(app);
const staff = new TestClient(app);
const otherAdmin = new TestClient(app);
let demoId = '';
let staffKey = '';
let staffId = '';
let messageId = '';
let otherMessageId = '';
const agents: FakeAgent[] = [];

async function connect(info = agentInfo(), key = staffKey) {
  const agent = await FakeAgent.connect(baseUrl, 'demo', key, info);
  agents.push(agent);
  return agent;
}

beforeAll(async () => {
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  await admin.login('admin@demo.test');
  await staff.login('user@demo.test');
  const [sam] = await db.select().from(users).where(eq(users.email, 'user@demo.test'));
  staffId = sam?.id as string;
  demoId = sam?.stationId as string;
  staffKey = (await admin.post(`/admin/api/users/${staffId}/api-key`)).json().api_key;
  const other = await createStationWithAdmin(db, { slug: 'harbor' });
  await otherAdmin.login(other.adminEmail);
  messageId = (
    await createMessage(db, demoId, {
      title: 'Road closure',
      original: 'Main Street is closed today.',
      type: 'alert',
      translations: { es: 'La calle Main está cerrada hoy.' },
    })
  ).id;
  otherMessageId = (await createMessage(db, other.station.id, { original: 'Harbor news.' })).id;
});

afterAll(async () => {
  for (const agent of agents) await agent.close();
});

describe('the agent WebSocket', () => {
  it('refuses a missing, wrong or foreign key before the upgrade', async () => {
    await expect(FakeAgent.open(baseUrl, 'demo', 'nothing')).rejects.toMatchObject({ status: 401 });
    await expect(FakeAgent.open(baseUrl, 'demo', `ms-${'0'.repeat(64)}`)).rejects.toMatchObject({
      status: 401,
      body: expect.stringContaining('Invalid Station ID or API key'),
    });
    await expect(FakeAgent.open(baseUrl, 'harbor', staffKey)).rejects.toMatchObject({ status: 401 });
  });

  it('welcomes a machine and lists it for its own station only', async () => {
    const agent = await connect();
    expect(agent.frames[0]).toMatchObject({
      type: 'welcome',
      station: { slug: 'demo' },
      user: { email: 'user@demo.test' },
      heartbeat_seconds: 15,
    });
    const list = (await staff.get('/admin/api/clients')).json();
    expect(list.clients).toEqual([
      {
        client_id: 'studio-pc-0001',
        client_name: 'Studio PC',
        platform: 'Linux 6.1 (x64)',
        audio_output_device: null,
        languages: ['en', 'es'],
        voices: { en: 'en-us', es: 'es-419' },
        // An agent that does not say what it skips (older than this field) skips nothing listed.
        skipped_languages: [],
        client_version: '2.0.1',
        last_seen: expect.any(String),
      },
    ]);
    expect((await otherAdmin.get('/admin/api/clients')).json()).toEqual({ clients: [] });
    expect((await new TestClient(app).get('/admin/api/clients')).statusCode).toBe(401);
  });

  it('answers heartbeats and closes a socket that speaks nonsense', async () => {
    const [agent] = agents;
    const ack = agent?.next('heartbeat_ack');
    agent?.send({ type: 'heartbeat' });
    await expect(ack).resolves.toEqual({ type: 'heartbeat_ack' });

    const rude = await FakeAgent.open(baseUrl, 'demo', staffKey);
    rude.socket.send('{"type":"shout"}');
    expect((await rude.whenClosed()).code).toBe(4400);
  });
});

describe('the live list', () => {
  it('streams the list, then machines arriving, changing and leaving', async () => {
    const stream = await EventStreamReader.open(baseUrl, '/admin/api/clients/stream', staff);
    const first = await stream.next((e) => e.event === 'connected');
    expect((first.data as { clients: { client_id: string }[] }).clients.map((c) => c.client_id)).toEqual([
      'studio-pc-0001',
    ]);
    const lobby = await connect(agentInfo({ client_id: 'lobby-mac-0002', client_name: 'Lobby Mac' }));
    await stream.next(
      (e) =>
        e.event === 'client_connected' && (e.data as { client_id: string }).client_id === 'lobby-mac-0002',
    );
    lobby.send({ type: 'update', info: { audio_output_device: 'PA Amplifier' } });
    const updated = await stream.next(
      (e) => e.event === 'client_updated' && 'audio_output_device' in (e.data as object),
    );
    expect(updated.data).toMatchObject({ client_id: 'lobby-mac-0002', audio_output_device: 'PA Amplifier' });
    await lobby.close();
    await stream.next(
      (e) =>
        e.event === 'client_disconnected' && (e.data as { client_id: string }).client_id === 'lobby-mac-0002',
    );
    stream.close();
    const ids = (await staff.get('/admin/api/clients'))
      .json()
      .clients.map((c: { client_id: string }) => c.client_id);
    expect(ids).toEqual(['studio-pc-0001']);
  });
});

describe('bounded agent frames', () => {
  /** 40 voices of 190 characters: a hello of about 8 KB, over what one NOTIFY may carry. */
  const manyVoices = Object.fromEntries(
    Array.from({ length: 40 }, (_, i) => [`x-${String(i).padStart(2, '0')}`, `Voice ${i} `.padEnd(190, 'v')]),
  );

  it('lists a machine with a large but allowed hello, its voices whole, on the live list', async () => {
    const stream = await EventStreamReader.open(baseUrl, '/admin/api/clients/stream', staff);
    await stream.next((e) => e.event === 'connected');
    const choir = await connect(
      agentInfo({ client_id: 'choir-pc-0006', client_name: 'Choir PC', voices: manyVoices }),
    );
    const event = await stream.next(
      (e) =>
        e.event === 'client_connected' && (e.data as { client_id: string }).client_id === 'choir-pc-0006',
    );
    expect((event.data as { voices: Record<string, string> }).voices).toEqual(manyVoices);
    expect(JSON.stringify(event.data).length).toBeGreaterThan(7000);
    stream.close();
    await choir.close();
  });

  it('closes the socket of a hello over the size limit (1009) or with too many voices (4400)', async () => {
    const huge = await FakeAgent.open(baseUrl, 'demo', staffKey);
    const hugeHello = JSON.stringify({
      type: 'hello',
      info: agentInfo({ client_id: 'huge-pc-0007' }),
      padding: 'x'.repeat(AGENT_FRAME_MAX_BYTES),
    });
    huge.socket.send(hugeHello);
    const tooLarge = `Message from the agent too large: ${hugeHello.length} bytes, at most ${AGENT_FRAME_MAX_BYTES}.`;
    expect(await huge.whenClosed()).toEqual({ code: 1009, reason: tooLarge });
    expect(huge.frames).toEqual([{ type: 'error', error: tooLarge }]);

    const crowded = await FakeAgent.open(baseUrl, 'demo', staffKey);
    const voices = Object.fromEntries(Array.from({ length: AGENT_MAX_VOICES + 1 }, (_, i) => [`l${i}`, 'v']));
    crowded.send({ type: 'hello', info: agentInfo({ client_id: 'crowded-pc-0008', voices }) });
    const why = `Unreadable message from the agent: info.voices: At most ${AGENT_MAX_VOICES} voices.`;
    expect(await crowded.whenClosed()).toEqual({ code: 4400, reason: why });
    expect(crowded.frames).toEqual([{ type: 'error', error: why }]);

    const ids = (await staff.get('/admin/api/clients'))
      .json()
      .clients.map((c: { client_id: string }) => c.client_id);
    expect(ids).toEqual(['studio-pc-0001']);
  });
});

describe('skipped languages', () => {
  it('lists the languages a machine skips, in the product order, and follows its updates', async () => {
    const stream = await EventStreamReader.open(baseUrl, '/admin/api/clients/stream', staff);
    await stream.next((e) => e.event === 'connected');
    const kiosk = await connect(
      agentInfo({ client_id: 'kiosk-pc-0009', client_name: 'Kiosk PC', skipped_languages: ['ko', 'ja'] }),
    );
    const arrived = await stream.next((e) => e.event === 'client_connected');
    expect(arrived.data).toMatchObject({ client_id: 'kiosk-pc-0009', skipped_languages: ['ja', 'ko'] });
    const listed = (await admin.get('/admin/api/clients'))
      .json()
      .clients.find((c: { client_id: string }) => c.client_id === 'kiosk-pc-0009');
    expect(listed).toMatchObject({ voices: { en: 'en-us', es: 'es-419' }, skipped_languages: ['ja', 'ko'] });

    // A Korean voice was installed: the update says only Japanese is skipped now.
    kiosk.send({ type: 'update', info: { voices: { en: 'en-us', ko: 'ko' }, skipped_languages: ['ja'] } });
    const updated = await stream.next(
      (e) => e.event === 'client_updated' && 'skipped_languages' in (e.data as object),
    );
    expect(updated.data).toMatchObject({ client_id: 'kiosk-pc-0009', skipped_languages: ['ja'] });
    stream.close();
    await kiosk.close();
  });

  it('refuses a hello naming a language that is not a product language (4400)', async () => {
    const odd = await FakeAgent.open(baseUrl, 'demo', staffKey);
    const info = { ...agentInfo({ client_id: 'odd-pc-0010' }), skipped_languages: ['ko', 'xx'] };
    odd.socket.send(JSON.stringify({ type: 'hello', info }));
    const closed = await odd.whenClosed();
    expect(closed.code).toBe(4400);
    expect(closed.reason).toMatch(/^Unreadable message from the agent: info\.skipped_languages/);
    expect(closed.reason).toContain('Skipped languages must be among: en, es, fr');

    const repeated = await FakeAgent.open(baseUrl, 'demo', staffKey);
    repeated.send({
      type: 'hello',
      info: agentInfo({ client_id: 'twice-pc-0011', skipped_languages: ['ko', 'ko'] }),
    });
    expect((await repeated.whenClosed()).reason).toContain('Skipped languages must be listed once each.');

    const ids = (await staff.get('/admin/api/clients'))
      .json()
      .clients.map((c: { client_id: string }) => c.client_id);
    expect(ids).toEqual(['studio-pc-0001']);
  });
});

describe('Play, Stop and Export', () => {
  it('sends the message to the machine and reports playback on the messages stream', async () => {
    const [agent] = agents as [FakeAgent];
    const stream = await EventStreamReader.open(baseUrl, '/admin/api/messages/stream', staff);
    await stream.next((e) => e.event === 'connected');
    agent.answer = (command) => {
      if (command.type === 'play')
        agent.send({ type: 'playback', message_id: command.message.id, status: 'playing' });
      return { ok: true };
    };
    const played = agent.next('play');
    const response = await staff.post(`/admin/api/messages/${messageId}/play`, {
      client_id: 'studio-pc-0001',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Playing on Studio PC', status: 'playing' });
    expect((await played).message).toMatchObject({
      id: messageId,
      title: 'Road closure',
      message_type: 'alert',
      station_name: 'Demo Radio',
      parts: [
        { language: 'en', text: 'Main Street is closed today.' },
        { language: 'es', text: 'La calle Main está cerrada hoy.' },
      ],
    });
    const event = await stream.next((e) => e.event === 'playback_state_changed');
    expect(event.data).toEqual({ message_id: messageId, status: 'playing', client_id: 'studio-pc-0001' });

    const stop = await staff.post(`/admin/api/messages/${messageId}/stop`, { client_id: 'studio-pc-0001' });
    expect(stop.json()).toEqual({ message: 'Stopped on Studio PC', status: 'stopped' });
    expect(agent.frames.at(-1)).toMatchObject({ type: 'stop', message_id: messageId });
    stream.close();
  });

  it('answers the folder the machine exported to', async () => {
    const [agent] = agents as [FakeAgent];
    agent.answer = () => ({ ok: true, export_path: '/home/studio/Exports', files: ['a_en.wav', 'a_es.wav'] });
    const response = await admin.post(`/admin/api/messages/${messageId}/export`, {
      client_id: 'studio-pc-0001',
    });
    expect(response.json()).toEqual({
      message: 'Exported to Studio PC: /home/studio/Exports',
      export_path: '/home/studio/Exports',
      files: ['a_en.wav', 'a_es.wav'],
    });
  });

  it("passes on the machine's own error, and says when it does not answer", async () => {
    const [agent] = agents as [FakeAgent];
    agent.answer = () => ({ ok: false, error: 'No voice for Korean on this machine.' });
    const failed = await staff.post(`/admin/api/messages/${messageId}/play`, { client_id: 'studio-pc-0001' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ error: 'No voice for Korean on this machine.' });

    agent.answer = () => null;
    const silent = await staff.post(`/admin/api/messages/${messageId}/play`, { client_id: 'studio-pc-0001' });
    expect(silent.statusCode).toBe(504);
    expect(silent.json()).toMatchObject({ error: 'Studio PC did not answer in time.' });
    agent.answer = () => ({ ok: true });
  });

  it('needs a machine, this station’s message and this station’s machine', async () => {
    const none = await staff.post(`/admin/api/messages/${messageId}/play`, {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ error: 'Please select a machine' });
    const unknown = await staff.post(`/admin/api/messages/${messageId}/play`, { client_id: 'nobody' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'Machine not found' });
    // Harbor's admin cannot reach Demo's machine, nor Demo's message.
    const foreignMachine = await otherAdmin.post(`/admin/api/messages/${otherMessageId}/play`, {
      client_id: 'studio-pc-0001',
    });
    expect(foreignMachine.statusCode).toBe(404);
    expect(foreignMachine.json()).toMatchObject({ error: 'Machine not found' });
    const foreignMessage = await staff.post(`/admin/api/messages/${otherMessageId}/play`, {
      client_id: 'studio-pc-0001',
    });
    expect(foreignMessage.statusCode).toBe(404);
    expect(foreignMessage.json()).toMatchObject({ error: 'Message not found' });
    const visitor = new TestClient(app);
    await visitor.get('/auth/session');
    const signedOut = await visitor.post(`/admin/api/messages/${messageId}/stop`, { client_id: 'x' });
    expect(signedOut.statusCode).toBe(401);
  });

  it('says clearly when the machine has gone', async () => {
    const hall = await connect(agentInfo({ client_id: 'hall-pc-0003', client_name: 'Hall PC' }));
    await hall.close();
    // The server notices the close asynchronously.
    await vi.waitFor(
      async () => {
        const ids = (await staff.get('/admin/api/clients'))
          .json()
          .clients.map((c: { client_id: string }) => c.client_id);
        expect(ids).not.toContain('hall-pc-0003');
      },
      { timeout: 5_000, interval: 20 },
    );
    const response = await staff.post(`/admin/api/messages/${messageId}/play`, { client_id: 'hall-pc-0003' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'Hall PC is not connected. Start the Message Station app on it and try again.',
      code: 'machine_not_connected',
      params: { machine: 'Hall PC' },
    });
  });

  it('replaces an older socket of the same machine', async () => {
    const first = await connect(agentInfo({ client_id: 'booth-0004', client_name: 'Booth' }));
    const second = await connect(agentInfo({ client_id: 'booth-0004', client_name: 'Booth' }));
    expect((await first.whenClosed()).code).toBe(4409);
    const play = second.next('play');
    const response = await staff.post(`/admin/api/messages/${messageId}/play`, { client_id: 'booth-0004' });
    expect(response.statusCode).toBe(200);
    await play;
    await second.close();
  });
});

describe('a revoked key', () => {
  it('cuts the machine off at once and it leaves the list', async () => {
    const [agent] = agents as [FakeAgent];
    const revoked = await admin.request({ method: 'DELETE', url: `/admin/api/users/${staffId}/api-key` });
    expect(revoked.statusCode).toBe(200);
    const closed = await agent.whenClosed();
    expect(closed.code).toBe(4401);
    expect(agent.frames.at(-1)).toEqual({
      type: 'error',
      error: 'This API key was revoked. Generate a new key on the Users page.',
    });
    await expect(FakeAgent.open(baseUrl, 'demo', staffKey)).rejects.toMatchObject({ status: 401 });
    await vi.waitFor(
      async () => expect((await staff.get('/admin/api/clients')).json()).toEqual({ clients: [] }),
      { timeout: 5_000, interval: 20 },
    );
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two app processes on one PostgreSQL', () => {
  it('routes a command sent through one to the agent connected to the other', async () => {
    const database = await openPostgres(testDatabase.url as string);
    const second = await buildApp({ config, database });
    try {
      const secondUrl = await second.listen({ port: 0, host: '127.0.0.1' });
      const key = (await admin.post(`/admin/api/users/${staffId}/api-key`)).json().api_key as string;
      const agent = await FakeAgent.connect(
        secondUrl,
        'demo',
        key,
        agentInfo({ client_id: 'node-b-0005', client_name: 'Node B PC' }),
      );
      agents.push(agent);
      agent.answer = () => ({ ok: true, export_path: 'C:\\Exports' });
      // The first node lists the machine held by the second and sends it the command.
      const listed = (await staff.get('/admin/api/clients')).json().clients;
      expect(listed.map((c: { client_id: string }) => c.client_id)).toContain('node-b-0005');
      const exported = await staff.post(`/admin/api/messages/${messageId}/export`, {
        client_id: 'node-b-0005',
      });
      expect(exported.json()).toMatchObject({ message: 'Exported to Node B PC: C:\\Exports' });
      await agent.close();
    } finally {
      await second.close();
      await database.close();
    }
  });
});
