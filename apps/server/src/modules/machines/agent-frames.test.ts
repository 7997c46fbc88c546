// An agent's frames are read within their limits and counted against their socket's and their
// key's budget, and a command's answer always fits one NOTIFY.
import { AGENT_CLOSE } from '@message-station/shared';
import { describe, expect, it } from 'vitest';
import { MAX_EVENT_BYTES } from '../../platform/event-bus.js';
import { cutToBytes, fitReply, readFrame } from './agent-frames.js';
import { createFrameBudgets } from './frame-budget.js';

const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

describe('agent frames', () => {
  it('reads a frame within its limits and names the field that is not', () => {
    expect(readFrame(Buffer.from('{"type":"heartbeat"}'))).toEqual({ frame: { type: 'heartbeat' } });
    expect(
      readFrame(
        Buffer.from(JSON.stringify({ type: 'playback', message_id: 'm'.repeat(65), status: 'playing' })),
      ),
    ).toEqual({
      code: AGENT_CLOSE.protocol,
      error:
        'Unreadable message from the agent: message_id: Too big: expected string to have <=64 characters',
    });
  });

  it('cuts a close reason to its bytes without splitting a character', () => {
    expect(cutToBytes('é'.repeat(100), 123)).toBe('é'.repeat(61));
  });

  it('fits the largest answer a hostile agent may give into one NOTIFY, keeping the folder', () => {
    const hostile = {
      request_id: 'r'.repeat(36),
      ok: false,
      status: 502,
      error: '"'.repeat(500),
      client_name: 'Ü'.repeat(120),
      export_path: '\\'.repeat(1000),
      files: Array.from({ length: 20 }, () => '"'.repeat(255)),
    };
    expect(bytesOf(hostile)).toBeGreaterThan(MAX_EVENT_BYTES);
    const fitted = fitReply(hostile);
    expect(bytesOf(fitted)).toBeLessThanOrEqual(MAX_EVENT_BYTES - 500);
    expect(fitted).toEqual({
      ...hostile,
      files: undefined,
      export_path: hostile.export_path,
      error: hostile.error,
    });
  });

  it('leaves an ordinary answer whole', () => {
    const ordinary = {
      request_id: 'r1',
      ok: true,
      client_name: 'Studio PC',
      export_path: '/x',
      files: ['a_en.wav'],
    };
    expect(fitReply(ordinary)).toBe(ordinary);
  });
});

describe('agent frame budgets', () => {
  const limits = {
    socketBurst: 3,
    socketPerSecond: 1,
    keyBurst: 5,
    keyPerSecond: 2,
    dropsToClose: 4,
    dropWindowMs: 10_000,
  };

  it('reads a burst, drops what is over it, and reads again as the budget refills', () => {
    const budgets = createFrameBudgets(limits);
    const socket = budgets.open('key-1', 0);
    expect([0, 0, 0, 0].map((at) => socket.admit(at))).toEqual(['read', 'read', 'read', 'drop']);
    expect(socket.admit(1000)).toBe('read');
    expect(socket.admit(1000)).toBe('drop');
    expect(budgets.stats).toEqual({ dropped: 2, closed: 0 });
  });

  it('closes a socket that keeps sending past its budget, once', () => {
    const budgets = createFrameBudgets(limits);
    const socket = budgets.open('key-1', 0);
    const verdicts = Array.from({ length: 7 }, () => socket.admit(0));
    expect(verdicts).toEqual(['read', 'read', 'read', 'drop', 'drop', 'drop', 'close']);
    expect(budgets.stats).toEqual({ dropped: 4, closed: 1 });
  });

  it("shares a key's budget between its sockets, and forgets the key with its last socket", () => {
    const budgets = createFrameBudgets(limits);
    const first = budgets.open('key-1', 0);
    const second = budgets.open('key-1', 0);
    const other = budgets.open('key-2', 0);
    expect([0, 0, 0].map((at) => first.admit(at))).toEqual(['read', 'read', 'read']);
    // The key has two frames left for both its sockets; another key is not affected.
    expect([0, 0, 0].map((at) => second.admit(at))).toEqual(['read', 'read', 'drop']);
    expect(other.admit(0)).toBe('read');
    first.release();
    second.release();
    second.release();
    expect(budgets.keyCount()).toBe(1);
  });

  it('leaves a real agent far under the limits: a heartbeat every 15 s and a command a second', () => {
    const budgets = createFrameBudgets();
    const socket = budgets.open('key-1', 0);
    const verdicts: string[] = [];
    // Ten minutes of a busy agent: hello, heartbeats, and a result and a playback state per second.
    verdicts.push(socket.admit(0));
    for (let ms = 0; ms < 600_000; ms += 1000) {
      if (ms % 15_000 === 0) verdicts.push(socket.admit(ms));
      verdicts.push(socket.admit(ms), socket.admit(ms + 10));
    }
    expect(verdicts.every((v) => v === 'read')).toBe(true);
    expect(budgets.stats.dropped).toBe(0);
  });
});
