// The connection against a fake server: handshake, hello, heartbeats, reconnects after a drop,
// and no reconnect once the server refuses the machine.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AGENT_CLOSE, AGENT_VERSION, type TAgentToServer } from '@message-station/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { skipWithout } from '../../../test-support/binaries.js';
import { espeakEngine } from './speech/espeak.js';
import { realSystem } from './system.js';
import { startTestAgent, waitForStatus } from './test/agent-harness.js';
import {
  FAKE_WELCOME,
  fakeMessage,
  startFakeServer,
  TEST_API_KEY,
  type TFakeServer,
} from './test/fake-server.js';

let server: TFakeServer;
const cleanups: (() => Promise<void>)[] = [];

beforeEach(async () => {
  server = await startFakeServer({ heartbeatSeconds: 0.05 });
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  expect(server.invalid).toEqual([]);
  await server.close();
});

async function agentFor(options: Parameters<typeof startTestAgent>[1] = {}) {
  const started = await startTestAgent(server.url, options);
  cleanups.push(started.cleanup);
  return started;
}

// The agent under test speaks with the real espeak-ng (its voices go into hello and update).
const noSpeech = skipWithout('espeak-ng');

describe.skipIf(noSpeech)('handshake', () => {
  it('signs in with the station headers and says hello with what the machine is', async () => {
    const { agent } = await agentFor();
    const hello = await server.hello();
    const headers = server.connections[0]?.headers;
    expect(headers?.['x-station-id']).toBe('riverside');
    expect(headers?.authorization).toBe(`Bearer ${TEST_API_KEY}`);

    expect(hello.info.client_id).toBe(agent.settings.client_id);
    expect(hello.info.client_name).toBe('Front Desk');
    expect(hello.info.platform).toMatch(new RegExp(`^Linux \\d+\\.\\d+ \\(${process.arch}\\)$`));
    expect(hello.info.audio_output_device).toBe('None (silent)');
    expect(hello.info.client_version).toBe(AGENT_VERSION);
    expect(hello.info.voices).toMatchObject({
      en: 'en-us',
      es: 'es-419',
      zh: 'cmn-latn-pinyin',
      pt: 'pt-br',
    });
    // espeak-ng speaks every product language: nothing is skipped.
    expect(hello.info.skipped_languages).toEqual([]);

    const status = await waitForStatus(agent, (s) => s.state === 'connected', 'connected');
    expect(status.state_text).toBe('Connected');
    expect(status.station).toEqual({ id: 'riverside', display_name: FAKE_WELCOME.station.display_name });
    expect(status.user).toEqual(FAKE_WELCOME.user);
  });

  it('sends heartbeats at the pace the welcome asks for', async () => {
    await agentFor();
    const beat = await server.waitFor(
      (frame): frame is { type: 'heartbeat' } => frame.type === 'heartbeat',
      'a heartbeat',
    );
    expect(beat).toEqual({ type: 'heartbeat' });
  });

  it('ignores frames it does not know and keeps answering commands', async () => {
    await agentFor();
    await server.hello();
    server.sendRaw({ type: 'reboot', now: true });
    server.sendRaw({ type: 'play', request_id: 'broken' }); // no message: invalid
    const requestId = server.command({ type: 'stop', message_id: 'msg-1' });
    expect(await server.result(requestId)).toMatchObject({ ok: true });
    expect(
      server.received.some((entry) => entry.frame.type === 'result' && entry.frame.request_id === 'broken'),
    ).toBe(false);
  });
});

describe.skipIf(noSpeech)('updates', () => {
  it('says hello with the languages it skips, as codes in the product order', async () => {
    const espeak = espeakEngine(realSystem());
    const engine = {
      ...espeak,
      listVoices: async () =>
        (await espeak.listVoices()).filter((voice) => voice.name !== 'ko' && voice.name !== 'ja'),
    };
    const { agent } = await agentFor({ engine });
    const hello = await server.hello();
    expect(hello.info.skipped_languages).toEqual(['ja', 'ko']);
    expect(hello.info.voices.ko).toBeUndefined();
    expect(Object.keys(agent.status().missing_voices)).toEqual(['ja', 'ko']);
  });

  it('sends update with the new voices when a voice goes away', async () => {
    const espeak = espeakEngine(realSystem());
    let hideKorean = false;
    const engine = {
      ...espeak,
      listVoices: async () =>
        (await espeak.listVoices()).filter((voice) => !(hideKorean && voice.name === 'ko')),
    };
    const { agent } = await agentFor({ engine });
    expect((await server.hello()).info.voices.ko).toBe('ko');
    await waitForStatus(agent, (s) => s.state === 'connected', 'connected');

    hideKorean = true;
    await agent.refresh();
    const update = await server.waitFor(
      (frame): frame is Extract<TAgentToServer, { type: 'update' }> => frame.type === 'update',
      'an update',
    );
    expect(Object.keys(update.info)).toEqual(['voices', 'skipped_languages']);
    expect(update.info.voices?.ko).toBeUndefined();
    expect(update.info.skipped_languages).toEqual(['ko']);
    expect(update.info.voices?.en).toBe('en-us');
    expect(agent.status().missing_voices.ko).toMatch(/^No Korean voice is installed/);
  });
});

describe.skipIf(noSpeech)('reconnecting', () => {
  it('reconnects after the server drops the socket and says hello again', async () => {
    const backoff = vi.fn(() => 20);
    const { agent } = await agentFor({ backoff });
    const first = await server.hello(0);
    await waitForStatus(agent, (s) => s.state === 'connected', 'connected');

    server.dropAll();
    const second = await server.hello(1);
    expect(second.info.client_id).toBe(first.info.client_id);
    expect(backoff).toHaveBeenCalledWith(0);
    await waitForStatus(agent, (s) => s.state === 'connected', 'connected again');
  });

  it('keeps trying while the server cannot be reached, backing off further each time', async () => {
    const backoff = vi.fn(() => 20);
    server.refuse(1011, 'Try again later');
    const { agent } = await agentFor({ backoff });
    await waitForStatus(agent, () => backoff.mock.calls.length >= 3, 'three retries');
    expect(backoff.mock.calls.slice(0, 3)).toEqual([[0], [1], [2]]);
    server.accept();
    await waitForStatus(agent, (s) => s.state === 'connected', 'connected once accepted');
  });

  it('stops retrying after 4401 and shows the server error until new credentials are given', async () => {
    const backoff = vi.fn(() => 20);
    const { agent } = await agentFor({ backoff });
    await server.hello(0);
    await waitForStatus(agent, (s) => s.state === 'connected', 'connected');

    server.closeWith(AGENT_CLOSE.unauthorized, 'This API key was revoked.');
    const status = await waitForStatus(agent, (s) => s.state === 'error', 'the refusal');
    expect(status.state_text).toBe('This API key was revoked.');
    // A reconnect would have asked the backoff for its wait; it never did.
    expect(backoff).not.toHaveBeenCalled();
    expect(server.connections).toHaveLength(1);

    const newKey = `ms-${'f'.repeat(64)}`;
    await agent.signIn({ station_id: 'riverside', api_key: newKey });
    await server.hello(1);
    expect(server.connections[1]?.headers.authorization).toBe(`Bearer ${newKey}`);
    await waitForStatus(agent, (s) => s.state === 'connected', 'connected with the new key');
  });

  it('shows the default text for 4403 when the server gave none', async () => {
    const { agent } = await agentFor();
    await server.hello(0);
    server.connections[0]?.socket.close(AGENT_CLOSE.forbidden);
    const status = await waitForStatus(agent, (s) => s.state === 'error', 'the refusal');
    expect(status.state_text).toMatch(/API access is off/);
  });

  it('stops retrying when the server refuses what the app sent, and shows the reason', async () => {
    const backoff = vi.fn(() => 20);
    const { agent } = await agentFor({ backoff });
    await server.hello(0);
    await waitForStatus(agent, (s) => s.state === 'connected', 'connected');
    server.closeWith(
      AGENT_CLOSE.protocol,
      'Unreadable message from the agent: info.voices: At most 50 voices.',
    );
    const status = await waitForStatus(agent, (s) => s.state === 'error', 'the refusal');
    expect(status.state_text).toBe('Unreadable message from the agent: info.voices: At most 50 voices.');
    expect(backoff).not.toHaveBeenCalled();
    expect(server.connections).toHaveLength(1);
  });

  it('tells a reconnected server that it is still playing', async () => {
    const { agent } = await agentFor();
    await server.hello(0);
    const message = fakeMessage({ id: 'msg-long' });
    server.command({ type: 'play', message });
    await server.playback('msg-long', 'playing');
    server.dropAll();
    await server.hello(1);
    await server.waitFor(
      (frame, connection): frame is { type: 'playback'; message_id: string; status: 'playing' } =>
        connection === 1 && frame.type === 'playback' && frame.status === 'playing',
      'playing again on the new socket',
    );
    await agent.playout.stopAll();
  });

  it('treats an HTTP 401 answer to the upgrade as a refusal and shows its error text', async () => {
    const body = JSON.stringify({ error: 'Invalid Station ID or API key' });
    const plain = http.createServer();
    plain.on('upgrade', (_request, socket) => {
      socket.end(
        `HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
      );
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => plain.close(() => resolve())));
    const backoff = vi.fn(() => 20);
    const { agent } = await agentFor({
      backoff,
      overrides: { server_url: `http://127.0.0.1:${(plain.address() as AddressInfo).port}` },
    });
    const status = await waitForStatus(agent, (s) => s.state === 'error', 'the refusal');
    expect(status.state_text).toBe('Invalid Station ID or API key');
    expect(backoff).not.toHaveBeenCalled();
  });
});
