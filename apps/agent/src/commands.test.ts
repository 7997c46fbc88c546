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
import { realSystem, type TSystem } from './system.js';
import { startTestAgent, waitForStatus } from './test/agent-harness.js';
import { fakeMessage, startFakeServer, type TFakeServer } from './test/fake-server.js';
import { espeakAlone, JAPANESE_ALERT, LETTER_NAMES, sounds } from './test/first-hello.js';

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

/**
 * The real system, but espeak-ng renders with -x too: `spoken` gets the phonemes of exactly what
 * each render said.
 */
function recordingSystem(spoken: string[]): TSystem {
  const system = realSystem();
  return {
    ...system,
    run: async (command, args, options) => {
      if (!args.includes('-w')) return system.run(command, args, options);
      const result = await system.run(command, ['-x', ...args], options);
      spoken.push(result.stdout);
      return result;
    },
  };
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

  it('refuses what espeak-ng would read as "Chinese letter", per language, and speaks the rest', async () => {
    // No Japanese dictionary: kanji cannot be read. Korean hanja never can.
    const espeak = espeakEngine(realSystem(), 'espeak-ng', null);
    const { agent } = await connectedAgent({ engine: espeak });
    const playId = server.command({
      type: 'play',
      message: fakeMessage({
        id: 'msg-hanja',
        parts: [
          { language: 'ja', text: '東京は雨です。' },
          { language: 'ko', text: '漢字 한국어' },
          { language: 'en', text: 'Test.' },
        ],
      }),
    });
    const result = await server.result(playId);
    expect(result.ok).toBe(true);
    expect(result.error).toBe(
      'Skipped Japanese: espeak-ng cannot read Japanese text with Chinese characters (東京雨) without the Japanese dictionary. ' +
        'Skipped Korean: espeak-ng cannot read Korean text with Chinese characters (hanja: 漢字).',
    );
    await server.playback('msg-hanja', 'stopped');
    const played = await waitForStatus(agent, (status) => status.playing === null, 'idle');
    expect(played.actions.map((action) => action.text)).toContain('Played "Road closure" (English)');
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

  it('reads a Japanese alert with kanji as its kana, within 1.5× of the kana alone', async () => {
    const spoken: string[] = [];
    const { home } = await connectedAgent({ engine: espeakEngine(recordingSystem(spoken)) });
    const message = fakeMessage({ id: 'msg-ja', parts: [{ language: 'ja', text: JAPANESE_ALERT.kanji }] });
    const result = await server.result(server.command({ type: 'export', message }));
    expect(result).toMatchObject({ ok: true });
    expect(result.error).toBeUndefined();
    const wav = path.join(home, 'exports', result.files?.[0] ?? '');
    expect(result.files?.[0]).toMatch(/_ja\.wav$/);

    expect(spoken).toHaveLength(1);
    expect(spoken[0]).not.toMatch(LETTER_NAMES);
    const kana = await espeakAlone('ja', JAPANESE_ALERT.kana, home);
    expect(sounds(spoken[0] ?? '')).toBe(sounds(kana.phonemes));
    const ratio = (await soxSeconds(wav)) / kana.seconds;
    expect(ratio).toBeGreaterThan(1 / 1.5);
    expect(ratio).toBeLessThan(1.5);
    expect(await soxRms(wav)).toBeGreaterThan(0.01);
  });

  it('reads hours and times in Korean, Mandarin and Japanese as each language does', async () => {
    const spoken: string[] = [];
    const { home } = await connectedAgent({ engine: espeakEngine(recordingSystem(spoken)) });
    const cases = [
      { language: 'ko', voice: 'ko', text: '오후 9시에 대피하십시오', as: '오후 아홉 시에 대피하십시오' },
      {
        language: 'zh',
        voice: 'cmn-latn-pinyin',
        text: '请在21:30前离开。',
        as: '请在二十一点三十分前离开。',
      },
      { language: 'ja', voice: 'ja', text: '午後9:30に避難', as: 'ごご くじさんじゅっぷんに ひなん' },
    ];
    const message = fakeMessage({
      id: 'msg-times',
      parts: cases.map(({ language, text }) => ({ language, text })),
    });
    const result = await server.result(server.command({ type: 'export', message }));
    expect(result).toMatchObject({ ok: true });
    expect(result.files?.filter((file) => file.endsWith('.wav'))).toHaveLength(3);
    expect(spoken[0]).toMatch(/ah'op s'i/); // 아홉 시, not 구 시 ("gu si")
    for (const [index, { voice, as }] of cases.entries()) {
      const expected = (await run('espeak-ng', ['-q', '-x', '-v', voice, as])).stdout;
      expect(sounds(spoken[index] ?? ''), as).toBe(sounds(expected));
    }
    expect(await fs.readdir(path.join(home, 'exports'))).toHaveLength(result.files?.length ?? 0);
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
