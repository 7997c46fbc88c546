// A closed live stream leaves nothing behind: before, every stream registered a
// shutdown callback holding its response that was never removed, so each stream ever opened
// stayed on the heap. Counted here on the real heap (the inspector's queryObjects, which collects
// garbage first) after a thousand real HTTP streams are opened and dropped by the browser side: the
// leak left about one per stream (1,021 per 1,000), fifty times the margin allowed.
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient } from '../test/app.js';
import { MAX_STREAMS_PER_SESSION } from './sse.js';

const STREAMS = 1_000;

/** Live `http.ServerResponse` objects on this process's heap, after a full garbage collection. */
async function serverResponsesOnHeap(session: Session): Promise<number> {
  const holder = globalThis as { __serverResponsePrototype?: object };
  holder.__serverResponsePrototype = http.ServerResponse.prototype;
  const prototype = await session.post('Runtime.evaluate', {
    expression: 'globalThis.__serverResponsePrototype',
  });
  const prototypeObjectId = prototype.result.objectId;
  if (!prototypeObjectId) throw new Error('no handle on ServerResponse.prototype');
  const found = await session.post('Runtime.queryObjects', { prototypeObjectId });
  const objectId = found.objects.objectId;
  if (!objectId) throw new Error('queryObjects answered no array');
  const length = await session.post('Runtime.callFunctionOn', {
    objectId,
    functionDeclaration: 'function () { return this.length; }',
    returnByValue: true,
  });
  await session.post('Runtime.releaseObjectGroup', { objectGroup: 'console' }).catch(() => {});
  return length.result.value as number;
}

/** Opens the messages stream, waits for its first event, then drops it as a closed tab does. */
function openAndDrop(port: number, cookie: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: '/admin/api/messages/stream', headers: { cookie }, agent: false },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream answered ${response.statusCode}`));
          return;
        }
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      },
    );
    request.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
  });
}

// The streams' memory is the HTTP layer's: checked once, on the embedded database.
describe.runIf(process.env.TEST_DB !== 'postgres')('live streams and memory', async () => {
  const { app } = await createTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const client = new TestClient(app);
  await client.login('admin@demo.test');
  const cookie = [...client.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const session = new Session();
  session.connect();
  afterAll(() => session.disconnect());

  const openAndDropMany = async (count: number) => {
    // As many at once as one session may keep open, so none is closed for a newer one.
    let next = 0;
    const lanes = Array.from({ length: MAX_STREAMS_PER_SESSION }, async () => {
      while (next < count) {
        next += 1;
        await openAndDrop(address.port, cookie);
      }
    });
    await Promise.all(lanes);
  };
  it(`frees what each of ${STREAMS.toLocaleString('en-US')} closed streams held`, {
    timeout: 120_000,
  }, async () => {
    await openAndDropMany(20);
    // The server hears each close a moment after the client drops it: counted until it has.
    let before = Number.POSITIVE_INFINITY;
    await expect
      .poll(async () => (before = await serverResponsesOnHeap(session)), { timeout: 3_000, interval: 200 })
      .toBeLessThanOrEqual(20);

    await openAndDropMany(STREAMS);
    // The heap holds no more responses than before: the leak left one per stream ever opened.
    await expect
      .poll(() => serverResponsesOnHeap(session), { timeout: 3_000, interval: 200 })
      .toBeLessThanOrEqual(before + 20);
  });
});
