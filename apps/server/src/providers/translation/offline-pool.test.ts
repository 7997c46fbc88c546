// The offline engine's pool (decision 0059): never more than its size at once, emergencies and
// weather auto-sends first, a waiter given up leaves the line; and the local Apertium command,
// through a stand-in that holds each text until the test lets it go, runs no more processes at
// once than the pool allows. Order and counts are read from the pool, never from a clock.
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createApertiumProvider } from './apertium.js';
import { createOfflinePool, defaultOfflinePoolSize } from './offline-pool.js';
import { TranslationError } from './types.js';

/** A piece of work the test finishes by hand, saying when it started. */
function held(name: string, started: string[]) {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    work: async () => {
      started.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

describe('the offline pool', () => {
  it('leaves a core to the server: one per core but one, never none', () => {
    expect(defaultOfflinePoolSize(2)).toBe(1);
    expect(defaultOfflinePoolSize(1)).toBe(1);
    expect(defaultOfflinePoolSize(8)).toBe(7);
  });

  it('runs at most its size at once; the next starts when one ends', async () => {
    const pool = createOfflinePool(2);
    const started: string[] = [];
    const works = ['a', 'b', 'c', 'd', 'e'].map((name) => held(name, started));
    const results = works.map((w) => pool.run(w.work));
    await vi.waitFor(() => expect(started).toEqual(['a', 'b']));
    expect(pool.stats()).toMatchObject({ running: 2, waiting: 3 });
    works[0]?.finish();
    await vi.waitFor(() => expect(started).toEqual(['a', 'b', 'c']));
    expect(pool.stats()).toMatchObject({ running: 2, waiting: 2 });
    for (const w of works) w.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(pool.stats()).toEqual({ running: 0, waiting: 0, peak: 2 });
  });

  it('serves emergencies first, then alerts, then the rest in the order they came', async () => {
    const pool = createOfflinePool(1);
    const started: string[] = [];
    const busy = held('busy', started);
    const running = pool.run(busy.work);
    await vi.waitFor(() => expect(started).toEqual(['busy']));
    const line = [
      ['news 1', 0],
      ['news 2', 0],
      ['alert', 5],
      ['emergency', 10],
      ['news 3', 0],
      ['weather auto-send', 10],
    ] as const;
    const works = line.map(([name]) => held(name, started));
    const results = works.map((w, i) => pool.run(w.work, { priority: line[i]?.[1] }));
    for (const w of works) w.finish();
    busy.finish();
    await Promise.all([running, ...results]);
    expect(started).toEqual([
      'busy',
      'emergency',
      'weather auto-send',
      'alert',
      'news 1',
      'news 2',
      'news 3',
    ]);
  });

  it('lets a text given up leave the line without running', async () => {
    const pool = createOfflinePool(1);
    const started: string[] = [];
    const busy = held('busy', started);
    const running = pool.run(busy.work);
    const giveUp = new AbortController();
    const late = held('late', started);
    const waiting = pool.run(late.work, { signal: giveUp.signal });
    expect(pool.stats().waiting).toBe(1);
    giveUp.abort();
    await expect(waiting).rejects.toBeInstanceOf(TranslationError);
    expect(pool.stats().waiting).toBe(0);
    busy.finish();
    await running;
    expect(started).toEqual(['busy']);
  });
});

describe('the local Apertium command in the pool', () => {
  // A stand-in for the command: lists one pair; for a text it leaves a mark that it started, then
  // waits until the test creates the file "open", and answers the text in capitals.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'message-station-pool-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const command = path.join(dir, 'apertium');
  writeFileSync(
    command,
    [
      '#!/bin/sh',
      'if [ "$1" = "-l" ]; then echo eng-spa; exit 0; fi',
      `touch "${dir}/started-$$"`,
      `while [ ! -e "${dir}/open" ]; do sleep 0.02; done`,
      'tr a-z A-Z < "$2"',
    ].join('\n'),
  );
  chmodSync(command, 0o755);
  const startedProcesses = () => readdirSync(dir).filter((name) => name.startsWith('started-')).length;

  it('starts no more processes at once than the pool allows; the rest wait their turn', async () => {
    const pool = createOfflinePool(2);
    const apertium = createApertiumProvider({}, { timeoutMs: 30_000, command, pool });
    const texts = ['one', 'two', 'three', 'four', 'five'].map((word) =>
      apertium.translate({ text: `word ${word}`, from: 'en', to: 'es' }),
    );
    await vi.waitFor(() => expect(startedProcesses()).toBe(2), { timeout: 15_000 });
    expect(pool.stats()).toMatchObject({ running: 2, waiting: 3 });
    writeFileSync(path.join(dir, 'open'), '');
    expect(await Promise.all(texts)).toEqual([
      'WORD ONE',
      'WORD TWO',
      'WORD THREE',
      'WORD FOUR',
      'WORD FIVE',
    ]);
    expect(startedProcesses()).toBe(5);
    expect(pool.stats().peak).toBe(2);
    expect(existsSync(path.join(dir, 'open'))).toBe(true);
  });
});
