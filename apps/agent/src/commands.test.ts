// Play, Stop and Export as the dashboard sends them through the server: real speech from
// espeak-ng, the silent output (this machine has no sound card), real files checked with sox.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { broadcastFileName, type TAgentMessage } from '@message-station/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { skipWithout } from '../../../test-support/binaries.js';
import { commandPlayer } from './audio/player.js';
import { espeakEngine } from './speech/espeak.js';
import { realSystem } from './system.js';
import { startTestAgent, waitForStatus } from './test/agent-harness.js';
import { fakeMessage, startFakeServer, type TFakeServer } from './test/fake-server.js';

const run = promisify(execFile);
// Real speech from espeak-ng, checked with sox (lame only when installed).
const noTools = skipWithout('espeak-ng', 'sox');
let server: TFakeServer;
const cleanups: (() => Promise<void>)[] = [];

beforeEach(async () => {
  server = await startFakeServer();
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  expect(server.invalid).toEqual([]);
  await server.close();
});

async function connectedAgent(options: Parameters<typeof startTestAgent>[1] = {}) {
  const started = await startTestAgent(server.url, options);
  cleanups.push(started.cleanup);
  await server.hello();
  await waitForStatus(started.agent, (status) => status.state === 'connected', 'connected');
  return started;
}

const shortMessage = (id: string): TAgentMessage =>
  fakeMessage({ id, parts: [{ language: 'en', text: 'Test.' }] });

async function soxSeconds(file: string): Promise<number> {
  const { stdout } = await run('sox', ['--i', '-D', file]);
  return Number(stdout.trim());
}

async function soxRms(file: string): Promise<number> {
  const { stderr } = await run('sox', [file, '-n', 'stat']);
  return Number(/RMS\s+amplitude:\s+([\d.]+)/.exec(stderr)?.[1]);
}

describe.skipIf(noTools)('play and stop', () => {
  it('reports playing when audio starts, answers ok, and stopped as soon as Stop comes', async () => {
    const { agent } = await connectedAgent();
    const playId = server.command({ type: 'play', message: fakeMessage({ id: 'msg-a' }) });
    await server.playback('msg-a', 'playing');
    expect(await server.result(playId)).toEqual({ type: 'result', request_id: playId, ok: true });
    expect(agent.status().playing).toEqual({ message_id: 'msg-a', title: 'Road closure' });

    const stopId = server.command({ type: 'stop', message_id: 'msg-a' });
    await server.playback('msg-a', 'stopped');
    expect(await server.result(stopId)).toMatchObject({ ok: true });
    expect(agent.status().playing).toBeNull();
    // 'playing' then 'stopped', each once.
    const playback = server.received.map((entry) => entry.frame).filter((frame) => frame.type === 'playback');
    expect(playback).toEqual([
      { type: 'playback', message_id: 'msg-a', status: 'playing' },
      { type: 'playback', message_id: 'msg-a', status: 'stopped' },
    ]);
    expect(agent.status().actions.map((action) => action.text)).toContain('Stopped "Road closure"');
  });

  it('reports stopped when the last language has been spoken', async () => {
    const { agent } = await connectedAgent();
    server.command({
      type: 'play',
      message: fakeMessage({
        id: 'msg-short',
        parts: [
          { language: 'en', text: 'Test.' },
          { language: 'es', text: 'Prueba.' },
        ],
      }),
    });
    await server.playback('msg-short', 'playing');
    await server.playback('msg-short', 'stopped');
    const played = await waitForStatus(agent, (status) => status.playing === null, 'idle');
    expect(played.actions[0]?.text).toBe('Played "Road closure" (English, Spanish)');
  });

  it('stops the current message before playing another', async () => {
    await connectedAgent();
    server.command({ type: 'play', message: fakeMessage({ id: 'msg-first' }) });
    await server.playback('msg-first', 'playing');
    const second = server.command({ type: 'play', message: fakeMessage({ id: 'msg-second' }) });
    await server.playback('msg-second', 'playing');
    expect(await server.result(second)).toMatchObject({ ok: true });
    const order = server.received
      .map((entry) => entry.frame)
      .filter((frame) => frame.type === 'playback')
      .map((frame) => `${frame.message_id} ${frame.status}`);
    expect(order).toEqual(['msg-first playing', 'msg-first stopped', 'msg-second playing']);
    server.command({ type: 'stop', message_id: 'msg-second' });
    await server.playback('msg-second', 'stopped');
  });

  it('answers Stop with ok when nothing plays', async () => {
    await connectedAgent();
    const stopId = server.command({ type: 'stop', message_id: 'msg-idle' });
    expect(await server.result(stopId)).toEqual({ type: 'result', request_id: stopId, ok: true });
  });

  it('skips a language without a voice and says why in the result', async () => {
    const espeak = espeakEngine(realSystem());
    const withoutJapanese = {
      ...espeak,
      listVoices: async () => (await espeak.listVoices()).filter((voice) => voice.name !== 'ja'),
    };
    await connectedAgent({ engine: withoutJapanese });
    const mixed = fakeMessage({
      id: 'msg-mixed',
      parts: [
        { language: 'en', text: 'Test.' },
        { language: 'ja', text: 'テスト' },
      ],
    });
    const mixedId = server.command({ type: 'play', message: mixed });
    const result = await server.result(mixedId);
    expect(result.ok).toBe(true);
    expect(result.error).toMatch(/^Skipped Japanese: No Japanese voice is installed\./);

    const onlyJapanese = server.command({
      type: 'play',
      message: fakeMessage({ id: 'msg-only-ja', parts: [{ language: 'ja', text: 'テスト' }] }),
    });
    expect(await server.result(onlyJapanese)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/Japanese/),
    });
  });

  it('falls back to the silent output when the audio device fails, and tells the server', async () => {
    const broken = commandPlayer(realSystem(), 'Broken Speakers', 'false', () => []);
    const { agent } = await connectedAgent({ findPlayer: async () => broken });
    expect((await server.hello()).info.audio_output_device).toBe('Broken Speakers');
    server.command({ type: 'play', message: shortMessage('msg-broken') });
    const update = await server.waitFor(
      (frame): frame is { type: 'update'; info: { audio_output_device?: string | null } } =>
        frame.type === 'update',
      'an update',
    );
    expect(update.info).toEqual({ audio_output_device: 'None (silent)' });
    await server.playback('msg-broken', 'stopped');
    expect(agent.status().audio_output_device).toBe('None (silent)');
    // Looking again finds the same broken device: it stays off.
    await agent.refresh();
    expect(agent.status().audio_output_device).toBe('None (silent)');
  });
});

describe.skipIf(noTools)('export', () => {
  it('writes one real WAV (and MP3) per language named by the broadcast ID', async () => {
    const { agent, home } = await connectedAgent();
    const message = fakeMessage({ id: 'msg-export' });
    const exportId = server.command({ type: 'export', message });
    const result = await server.result(exportId);
    const exportDir = path.join(home, 'exports');
    expect(result.ok).toBe(true);
    expect(result.export_path).toBe(exportDir);

    const name = (language: string, extension: string) =>
      broadcastFileName({
        stationName: message.station_name,
        messageType: message.message_type,
        at: new Date(message.created_at),
        language,
        extension,
      });
    const hasLame = await run('which', ['lame']).then(
      () => true,
      () => false,
    );
    const expected = ['en', 'es'].flatMap((language) =>
      hasLame ? [name(language, 'wav'), name(language, 'mp3')] : [name(language, 'wav')],
    );
    expect(result.files).toEqual(expected);
    expect(result.files?.[0]).toMatch(/^riverside-radio_emergency_2026-11-2\d_\d{4}_en\.wav$/);
    expect((await fs.readdir(exportDir)).sort()).toEqual([...expected].sort());

    for (const language of ['en', 'es']) {
      const wav = path.join(exportDir, name(language, 'wav'));
      expect(await soxSeconds(wav)).toBeGreaterThan(0.5);
      expect(await soxRms(wav)).toBeGreaterThan(0.01); // speech, not silence
      if (hasLame) expect(await soxSeconds(path.join(exportDir, name(language, 'mp3')))).toBeGreaterThan(0.5);
    }
    expect(agent.status().actions[0]?.text).toMatch(/^Exported "Road closure" to /);
  });

  it('speaks Chinese characters with the Mandarin voice', async () => {
    const { home } = await connectedAgent();
    const message = fakeMessage({
      id: 'msg-zh',
      parts: [{ language: 'zh', text: '今天下午三点主街关闭。' }],
    });
    const result = await server.result(server.command({ type: 'export', message }));
    expect(result.ok).toBe(true);
    const wav = path.join(home, 'exports', result.files?.[0] ?? '');
    expect(await soxSeconds(wav)).toBeGreaterThan(1);
    expect(await soxRms(wav)).toBeGreaterThan(0.01);
  });

  it('answers a clear error when the export folder cannot be created', async () => {
    const blocker = path.join(
      await fs.mkdtemp(path.join(os.tmpdir(), 'message-station-blocker-')),
      'not-a-folder',
    );
    await fs.writeFile(blocker, 'a file where the folder should be');
    cleanups.push(() => fs.rm(path.dirname(blocker), { recursive: true, force: true }));
    const { agent } = await connectedAgent({ overrides: { export_dir: path.join(blocker, 'exports') } });
    const result = await server.result(server.command({ type: 'export', message: fakeMessage() }));
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/^Export failed: Could not create the export folder .*not-a-folder/);
    expect(agent.status().actions[0]?.text).toMatch(/^Could not export "Road closure"/);
  });
});
