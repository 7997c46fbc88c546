// An agent's frames are read within their limits, and a command's answer always fits one NOTIFY.
import { AGENT_CLOSE } from '@message-station/shared';
import { describe, expect, it } from 'vitest';
import { MAX_EVENT_BYTES } from '../../platform/event-bus.js';
import { cutToBytes, fitReply, readFrame } from './agent-frames.js';

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
