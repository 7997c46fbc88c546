// Live streams are bounded: a session's eleventh stream closes its oldest (saying why), other
// sessions keep theirs; a user's streams over all their sessions are bounded the same way (their
// oldest closes), so one user never fills the station's; a station's streams beyond its limit are
// refused with 429. Every open stream gets the heartbeat from one timer, the same bytes for all, and
// the timer stops with the last stream (decision 0063).
import http from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, TestClient } from '../test/app.js';
import { EventStreamReader } from '../test/event-stream.js';
import {
  createAfterBurstCollection,
  createHeartbeat,
  createStreamRegistry,
  fullCollection,
  HEARTBEAT_MS,
  MAX_STREAMS_PER_SESSION,
  MAX_STREAMS_PER_USER,
  STREAM_CLOSED_EVENT,
  TOO_MANY_STREAMS,
} from './sse.js';

describe('live streams of one session', async () => {
  const { app } = await createTestApp();
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const tabs = new TestClient(app);
  const colleague = new TestClient(app);
  await tabs.login('admin@demo.test');
  await colleague.login('user@demo.test');

  it(`keeps ${MAX_STREAMS_PER_SESSION}: the next closes the oldest, which says why; the rest stay live`, async () => {
    const open = (client: TestClient) =>
      EventStreamReader.open(baseUrl, '/admin/api/messages/stream', client);
    const colleagueStream = await open(colleague);
    const streams: EventStreamReader[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) streams.push(await open(tabs));
    for (const stream of streams) await stream.next((e) => e.event === 'connected');

    // A reloaded tab: the new stream is welcome, the oldest is told it was closed.
    const newest = await open(tabs);
    await newest.next((e) => e.event === 'connected');
    const [oldest, ...kept] = streams as [EventStreamReader, ...EventStreamReader[]];
    expect(await oldest.next((e) => e.event === STREAM_CLOSED_EVENT)).toEqual({
      event: STREAM_CLOSED_EVENT,
      data: { reason: 'too_many_streams' },
    });

    // Every stream still open hears the next event; the closed one does not.
    const created = await tabs.post('/admin/api/messages', {
      title: 'After the cap',
      original: 'Still live.',
      original_language: 'en',
      target_languages: ['es'],
      message_type: 'alert',
    });
    expect(created.statusCode).toBe(201);
    const messageId = created.json().id as string;
    const heard = (stream: EventStreamReader) =>
      stream.next(
        (e) => e.event === 'message_created' && (e.data as { message_id: string }).message_id === messageId,
      );
    for (const stream of [...kept, newest, colleagueStream]) await heard(stream);
    expect(oldest.events.map((e) => e.event)).toEqual(['connected', STREAM_CLOSED_EVENT]);
    for (const stream of [...streams, newest, colleagueStream]) stream.close();
  });
});

describe('live streams of one station', () => {
  const stream = (sessionId: string, stationId: string, closed: string[], userId = sessionId) => ({
    sessionId,
    userId,
    stationId,
    close: () => closed.push(sessionId),
  });

  it('refuses one over the station limit with 429, and admits it once another has gone', () => {
    const closed: string[] = [];
    const registry = createStreamRegistry({ perSession: 2, perUser: 10, perStation: 3 });
    const first = stream('s1', 'demo', closed);
    registry.admit(first);
    registry.admit(stream('s2', 'demo', closed));
    registry.admit(stream('s3', 'demo', closed));
    expect(() => registry.admit(stream('s4', 'demo', closed))).toThrow(
      expect.objectContaining({
        statusCode: 429,
        message: TOO_MANY_STREAMS,
        code: 'too_many_streams',
        details: { limit: 3 },
      }),
    );
    // Another station is not affected.
    registry.admit(stream('h1', 'harbor', closed));
    registry.release(first);
    registry.admit(stream('s4', 'demo', closed));
    expect(registry.count((s) => s.stationId === 'demo')).toBe(3);
    expect(closed).toEqual([]);
  });

  it("closes a session's oldest rather than refusing it, even when the station is full", () => {
    const closed: string[] = [];
    const registry = createStreamRegistry({ perSession: 2, perUser: 10, perStation: 3 });
    registry.admit(stream('s1', 'demo', closed));
    registry.admit(stream('s2', 'demo', closed));
    registry.admit(stream('s1', 'demo', closed));
    registry.admit(stream('s1', 'demo', closed));
    expect(closed).toEqual(['s1']);
    expect(registry.count((s) => s.sessionId === 's1')).toBe(2);
    expect(registry.count((s) => s.sessionId === 's2')).toBe(1);
  });
});

describe('live streams of one user', () => {
  const stream = (sessionId: string, userId: string, closed: string[], name = sessionId) => ({
    sessionId,
    userId,
    stationId: 'demo',
    close: () => closed.push(name),
  });

  it("closes the user's oldest over all their sessions, so the station keeps room for others", () => {
    const closed: string[] = [];
    const registry = createStreamRegistry({ perSession: 2, perUser: 3, perStation: 4 });
    // One user signs in again and again and opens two streams each time.
    for (const session of ['a', 'b', 'c', 'd']) {
      registry.admit(stream(session, 'sam', closed, `${session}1`));
      registry.admit(stream(session, 'sam', closed, `${session}2`));
    }
    expect(registry.count((s) => s.userId === 'sam')).toBe(3);
    expect(closed).toEqual(['a1', 'a2', 'b1', 'b2', 'c1']);
    // The admin's page is admitted: the user never held more than three of the station's four.
    registry.admit(stream('admin-session', 'admin', closed));
    expect(registry.count((s) => s.stationId === 'demo')).toBe(4);
    expect(closed).toHaveLength(5);
  });
});

describe('live streams of one user over many sessions (HTTP)', async () => {
  const { app } = await createTestApp();
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const sessions = Array.from(
    { length: Math.ceil(MAX_STREAMS_PER_USER / MAX_STREAMS_PER_SESSION) + 1 },
    () => new TestClient(app),
  );
  for (const session of sessions) await session.login('user@demo.test');
  const admin = new TestClient(app);
  await admin.login('admin@demo.test');

  it(`keeps ${MAX_STREAMS_PER_USER} of a user's streams: the next closes the user's oldest, and the admin's page opens`, async () => {
    const open = (client: TestClient) =>
      EventStreamReader.open(baseUrl, '/admin/api/messages/stream', client);
    const streams: EventStreamReader[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
      const session = sessions[Math.floor(i / MAX_STREAMS_PER_SESSION)] as TestClient;
      streams.push(await open(session));
    }
    for (const stream of streams) await stream.next((e) => e.event === 'connected');
    // A new session of the same user: its stream opens, the user's oldest (another session's) closes.
    const newest = await open(sessions.at(-1) as TestClient);
    await newest.next((e) => e.event === 'connected');
    const [oldest] = streams as [EventStreamReader];
    expect(await oldest.next((e) => e.event === STREAM_CLOSED_EVENT)).toEqual({
      event: STREAM_CLOSED_EVENT,
      data: { reason: 'too_many_streams' },
    });
    const adminStream = await open(admin);
    expect(await adminStream.next((e) => e.event === 'connected')).toMatchObject({ event: 'connected' });
    for (const stream of [...streams, newest, adminStream]) stream.close();
  });
});

describe('heartbeats', () => {
  it('beats every open stream from one timer with the same bytes, and stops with the last stream', () => {
    vi.useFakeTimers();
    try {
      const heartbeat = createHeartbeat(1_000);
      const written = { a: [] as Buffer[], b: [] as Buffer[] };
      const a = { write: (chunk: Buffer) => written.a.push(chunk) > 0 };
      const b = { write: (chunk: Buffer) => written.b.push(chunk) > 0 };
      heartbeat.start(a);
      heartbeat.start(b);
      expect(vi.getTimerCount()).toBe(1);
      vi.advanceTimersByTime(2_000);
      expect(written.a.map(String)).toEqual([': heartbeat\n\n', ': heartbeat\n\n']);
      // One Buffer, shared by every stream and every beat: nothing is made per stream.
      expect(Buffer.isBuffer(written.a[0])).toBe(true);
      expect(new Set([...written.a, ...written.b]).size).toBe(1);
      heartbeat.stop(a);
      vi.advanceTimersByTime(1_000);
      expect([written.a.length, written.b.length]).toEqual([2, 3]);
      heartbeat.stop(b);
      expect(vi.getTimerCount()).toBe(0);
      heartbeat.start(a);
      vi.advanceTimersByTime(1_000);
      expect(written.a).toHaveLength(3);
      heartbeat.stop(a);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reaches a real stream, beside its events', async () => {
    const { app } = await createTestApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const client = new TestClient(app);
    await client.login('admin@demo.test');
    const cookie = [...client.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    // Only the interval is simulated: the socket, the database and the server stay real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let request: http.ClientRequest | undefined;
    try {
      let text = '';
      let heard = () => {};
      const arrived = (test: () => boolean) =>
        new Promise<void>((resolve) => {
          heard = () => test() && resolve();
          heard();
        });
      request = http.get(
        { host: '127.0.0.1', port, path: '/admin/api/messages/stream', headers: { cookie }, agent: false },
        (response) => {
          response.setEncoding('utf8').on('data', (chunk: string) => {
            text += chunk;
            heard();
          });
        },
      );
      await arrived(() => text.includes('event: connected'));
      expect(text).not.toContain(': heartbeat');
      vi.advanceTimersByTime(HEARTBEAT_MS);
      await arrived(() => text.includes(': heartbeat\n\n'));
      const created = await client.post('/admin/api/messages', {
        title: 'After a heartbeat',
        original: 'Still live.',
        original_language: 'en',
        target_languages: ['es'],
        message_type: 'alert',
      });
      expect(created.statusCode).toBe(201);
      await arrived(() => text.includes('event: message_created'));
      vi.advanceTimersByTime(HEARTBEAT_MS);
      await arrived(() => text.split(': heartbeat\n\n').length === 3);
    } finally {
      request?.destroy();
      vi.useRealTimers();
      await app.close();
    }
  });
});

describe('a full collection after a burst of closed streams', () => {
  it('runs once, after the burst has gone quiet, and never for closes that come one by one', () => {
    vi.useFakeTimers();
    try {
      const collect = vi.fn();
      const collection = createAfterBurstCollection({ closes: 3, quietMs: 1_000, collect });
      collection.closed();
      collection.closed();
      vi.advanceTimersByTime(5_000);
      // Two closes are not a burst: nothing is asked however long it stays quiet.
      expect(collect).not.toHaveBeenCalled();
      collection.closed();
      vi.advanceTimersByTime(900);
      // Streams still closing put it off: it comes once they stop.
      collection.closed();
      vi.advanceTimersByTime(900);
      expect(collect).not.toHaveBeenCalled();
      vi.advanceTimersByTime(100);
      expect(collect).toHaveBeenCalledTimes(1);
      // The count starts again: the next burst is counted from nothing.
      collection.closed();
      collection.closed();
      vi.advanceTimersByTime(5_000);
      expect(collect).toHaveBeenCalledTimes(1);
      collection.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('frees what nothing holds any more, without exposing gc to the application', async () => {
    let held: object | null = { streams: new Array(10_000).fill('closed') };
    const ref = new WeakRef(held);
    held = null;
    fullCollection();
    // The collection is asked for in the background: wait for its outcome (not for a time).
    await vi.waitFor(
      () => {
        if (ref.deref() !== undefined) {
          fullCollection();
          throw new Error('not collected yet');
        }
      },
      { timeout: 5_000, interval: 50 },
    );
    expect(ref.deref()).toBeUndefined();
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });
});
