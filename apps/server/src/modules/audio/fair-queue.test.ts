// Fair speech rendering: a station's short download is not queued behind another station's long
// line, and each station's line is bounded. The renders are the real renderer's, with an engine
// that waits for the test to let each one finish, so only the ORDER is asserted, never timings.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gatedEngine } from '../../test/gated-speech-engine.js';
import { AUDIO_QUEUE_FULL, AUDIO_SERVER_BUSY, createFairQueue } from './fair-queue.js';
import { createSpeechRenderer } from './speech.js';

const workDir = await mkdtemp(path.join(os.tmpdir(), 'ms-fair-speech-'));
afterAll(() => rm(workDir, { recursive: true, force: true }));

const speechConfig = (espeakPath: string) => ({
  providers: ['espeak' as const],
  espeakPath,
  lamePath: 'lame',
  timeoutMs: 60_000,
});
const wav = (stationId: string, text: string) =>
  ({ stationId, text, language: 'en', format: 'wav' }) as const;

describe('fair speech rendering', () => {
  it("starts station B's one render as soon as a slot frees, ahead of station A's ten waiting", async () => {
    const gate = await gatedEngine(workDir);
    const speech = createSpeechRenderer(speechConfig(gate.engine), { tmpDir: workDir });
    const aTexts = Array.from({ length: 12 }, (_, i) => `A${i + 1}`);
    const aRenders = aTexts.map((text) => speech.render(wav('station-a', text)));
    const bRender = speech.render(wav('station-b', 'B1'));

    // Both slots go to A's first two; everything else waits.
    expect(new Set(await gate.whenStarted(2))).toEqual(new Set(['A1', 'A2']));
    await gate.open('A1');
    expect((await aRenders[0])?.toString().trim()).toBe('A1');
    // The freed slot goes to B, not to A3.
    expect((await gate.whenStarted(3))[2]).toBe('B1');
    await gate.open('B1');
    expect((await bRender).toString().trim()).toBe('B1');

    for (const text of aTexts.slice(1)) await gate.open(text);
    const done = await Promise.all(aRenders);
    expect(done.map((bytes) => bytes.toString().trim())).toEqual(aTexts);
    const order = await gate.started();
    expect(order.slice(3).sort()).toEqual(aTexts.slice(2).sort());
  });

  it("refuses a station's render when its own line is full (429), while other stations still get in", async () => {
    const gate = await gatedEngine(workDir);
    const speech = createSpeechRenderer(speechConfig(gate.engine), {
      tmpDir: workDir,
      slots: 2,
      waitingPerStation: 3,
    });
    // Two running and three waiting: A's line is full.
    const aRenders = ['A1', 'A2', 'A3', 'A4', 'A5'].map((text) => speech.render(wav('station-a', text)));
    await gate.whenStarted(2);
    await expect(speech.render(wav('station-a', 'A6'))).rejects.toMatchObject({
      statusCode: 429,
      message: AUDIO_QUEUE_FULL,
      code: 'audio_queue_full',
      details: { limit: 3 },
    });
    const bRender = speech.render(wav('station-b', 'B1'));
    for (const text of ['A1', 'A2', 'A3', 'A4', 'A5', 'B1']) await gate.open(text);
    expect((await bRender).toString().trim()).toBe('B1');
    expect((await Promise.all(aRenders)).map((bytes) => bytes.toString().trim())).toEqual([
      'A1',
      'A2',
      'A3',
      'A4',
      'A5',
    ]);
    // A's line has room again once its renders are done.
    await gate.open('A7');
    expect((await speech.render(wav('station-a', 'A7'))).toString().trim()).toBe('A7');
  });
});

/** Lets every promise already resolved run its continuations. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('the fair queue', () => {
  /** A task the test finishes by hand; `started` lists the tasks in the order they began. */
  function manual(queue: ReturnType<typeof createFairQueue>, started: string[]) {
    const finishers = new Map<string, () => void>();
    const submit = (stationId: string, name: string) =>
      queue.run(stationId, () => {
        started.push(name);
        return new Promise<string>((resolve) => finishers.set(name, () => resolve(name)));
      });
    const finish = (name: string) => finishers.get(name)?.();
    return { submit, finish };
  }

  it('takes turns between stations that all have work waiting', async () => {
    const started: string[] = [];
    const { submit, finish } = manual(
      createFairQueue({ slots: 1, waitingPerStation: 10, waitingInTotal: 100 }),
      started,
    );
    const all = [
      submit('a', 'a1'),
      submit('a', 'a2'),
      submit('a', 'a3'),
      submit('b', 'b1'),
      submit('b', 'b2'),
      submit('c', 'c1'),
    ];
    for (const name of ['a1', 'b1', 'c1', 'a2', 'b2', 'a3']) {
      expect(started.at(-1)).toBe(name);
      finish(name);
      await settled();
    }
    expect(await Promise.all(all)).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'c1']);
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
  });

  it('answers 503 when the lines of all stations together are full', async () => {
    const started: string[] = [];
    const { submit, finish } = manual(
      createFairQueue({ slots: 1, waitingPerStation: 5, waitingInTotal: 2 }),
      started,
    );
    const admitted = [submit('a', 'a1'), submit('b', 'b1'), submit('c', 'c1')];
    await expect(submit('d', 'd1')).rejects.toMatchObject({
      statusCode: 503,
      message: AUDIO_SERVER_BUSY,
      code: 'audio_server_busy',
    });
    for (const name of ['a1', 'b1', 'c1']) {
      finish(name);
      await settled();
    }
    expect(await Promise.all(admitted)).toEqual(['a1', 'b1', 'c1']);
    expect(started).toEqual(['a1', 'b1', 'c1']);
  });
});
