// The release script's script bundle (the single executables it also builds are checked in
// executables.test.ts, from `npm run build`): builds the zip into a temporary releases folder; the
// zip holds the expected files with executable start scripts and the Japanese dictionary,
// release.json matches the zip, and the unzipped bundle runs on its own (help, version, a real
// connection to a fake server, and a Japanese export whose kanji it reads with that dictionary).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { AGENT_VERSION, ZReleaseNotes } from '@message-station/shared';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_API_KEY } from './test/fake-server.js';
import {
  espeakAlone,
  exportJapanese,
  firstHello,
  JAPANESE_ALERT,
  LETTER_NAMES,
  recordingEspeak,
  sounds,
  soxSeconds,
} from './test/first-hello.js';
import { unixModes } from './test/zip-modes.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const folder = `Message Station-${AGENT_VERSION}`;
let releases: string;
let unpacked: string;
let zip: Buffer;
let scriptOutput: string;

beforeAll(async () => {
  releases = await fs.mkdtemp(path.join(os.tmpdir(), 'message-station-releases-'));
  // An executable archive from an earlier build: a build without executables must not offer it.
  await fs.mkdir(path.join(releases, AGENT_VERSION));
  await fs.writeFile(path.join(releases, AGENT_VERSION, `${folder}-linux-x64.zip`), 'stale');
  const { stdout } = await run(
    process.execPath,
    [path.join(root, 'scripts', 'build-agent-release.mjs'), '--no-executables'],
    {
      cwd: root,
      env: { ...process.env, RELEASES_DIR: releases },
    },
  );
  scriptOutput = stdout;
  zip = await fs.readFile(path.join(releases, AGENT_VERSION, `${folder}.zip`));
  unpacked = await fs.mkdtemp(path.join(os.tmpdir(), 'message-station-unpacked-'));
  for (const [name, data] of Object.entries(unzipSync(new Uint8Array(zip)))) {
    if (name.endsWith('/')) continue;
    await fs.mkdir(path.dirname(path.join(unpacked, name)), { recursive: true });
    await fs.writeFile(path.join(unpacked, name), data);
  }
}, 60_000);

afterAll(async () => {
  await fs.rm(releases, { recursive: true, force: true });
  await fs.rm(unpacked, { recursive: true, force: true });
});

describe('agent release', () => {
  it('writes the zip, notes.md (and notes.es.md) and a release.json that matches the zip', async () => {
    const dir = path.join(releases, AGENT_VERSION);
    expect((await fs.readdir(dir)).sort()).toEqual(
      [`${folder}.zip`, 'notes.md', 'notes.es.md', 'release.json'].sort(),
    );
    // The Download page in Spanish reads the same version's section of CHANGELOG.es.md.
    expect(await fs.readFile(path.join(dir, 'notes.es.md'), 'utf8')).toMatch(/^La aplicación de escritorio/);
    const release = JSON.parse(await fs.readFile(path.join(dir, 'release.json'), 'utf8'));
    const sha256 = createHash('sha256').update(zip).digest('hex');
    expect(release).toEqual({
      version: AGENT_VERSION,
      released_at: '2026-11-22T00:00:00.000Z',
      size_bytes: zip.byteLength,
      sha256,
      downloads: [{ platform: 'node', file_name: `${folder}.zip`, size_bytes: zip.byteLength, sha256 }],
    });
    expect(scriptOutput).toContain('Single executables: left out (--no-executables)');
    const notes = await fs.readFile(path.join(dir, 'notes.md'), 'utf8');
    expect(notes).toMatch(/^The desktop agent, rebuilt/);
    expect(notes).not.toContain('_Released');
    // What GET /api/releases/{version} will answer parses as the shared schema.
    expect(ZReleaseNotes.safeParse({ ...release, notes }).success).toBe(true);
    expect(scriptOutput).toContain(path.join(dir, `${folder}.zip`));
  });

  it('holds the bundle, the start scripts (executable), the README and the Japanese dictionary in one folder', async () => {
    const names = Object.keys(unzipSync(new Uint8Array(zip))).sort();
    const dictionary = (await fs.readdir(path.join(root, 'node_modules', 'kuromoji', 'dict'))).filter(
      (name) => name.endsWith('.dat.gz'),
    );
    expect(dictionary).toHaveLength(12);
    expect(names).toEqual(
      [
        `${folder}/`,
        `${folder}/message-station-agent.mjs`,
        `${folder}/Start Message Station.command`,
        `${folder}/start-message-station.sh`,
        `${folder}/Start Message Station.cmd`,
        `${folder}/README.txt`,
        `${folder}/THIRD-PARTY-LICENSES.txt`,
        `${folder}/kuromoji-dict/`,
        ...dictionary.map((name) => `${folder}/kuromoji-dict/${name}`),
      ].sort(),
    );
    const licenses = await fs.readFile(path.join(unpacked, folder, 'THIRD-PARTY-LICENSES.txt'), 'utf8');
    for (const part of ['kuromoji\n--', 'Apache License', 'mecab-ipadic-2.7.0-20070801', 'doublearray\n--']) {
      expect(licenses).toContain(part);
    }
    const modes = unixModes(zip);
    expect(modes[`${folder}/Start Message Station.command`]).toBe(0o755);
    expect(modes[`${folder}/start-message-station.sh`]).toBe(0o755);
    expect(modes[`${folder}/message-station-agent.mjs`]).toBe(0o644);
  });

  it('gives truthful setup steps in the README', async () => {
    const readme = await fs.readFile(path.join(unpacked, folder, 'README.txt'), 'utf8');
    for (const step of [
      'Node.js 20 or later',
      'sudo apt install espeak-ng',
      'lame',
      'http://127.0.0.1:47800/',
      'Users page',
      'Always Allow',
      'right-click',
      'xattr -dr com.apple.quarantine',
    ]) {
      expect(readme).toContain(step);
    }
    const windows = await fs.readFile(path.join(unpacked, folder, 'Start Message Station.cmd'), 'utf8');
    expect(windows).toContain('\r\nnode message-station-agent.mjs %*\r\n');
  });

  it('builds the same zip twice', async () => {
    const again = await fs.mkdtemp(path.join(os.tmpdir(), 'message-station-releases-'));
    await run(process.execPath, [path.join(root, 'scripts', 'build-agent-release.mjs'), '--no-executables'], {
      cwd: root,
      env: { ...process.env, RELEASES_DIR: again },
    });
    const second = await fs.readFile(path.join(again, AGENT_VERSION, `${folder}.zip`));
    await fs.rm(again, { recursive: true, force: true });
    expect(second.equals(zip)).toBe(true);
  });

  it('runs unzipped: --help, --version, and a connection to a server', async () => {
    const bundle = path.join(unpacked, folder, 'message-station-agent.mjs');
    const cwd = path.dirname(bundle);
    expect((await run(process.execPath, [bundle, '--version'], { cwd })).stdout.trim()).toBe(AGENT_VERSION);
    expect((await run(process.execPath, [bundle, '--help'], { cwd })).stdout).toContain('--station ID');
    const script = await run('sh', ['start-message-station.sh', '--version'], { cwd });
    expect(script.stdout.trim()).toBe(AGENT_VERSION);

    const home = await fs.mkdtemp(path.join(os.tmpdir(), 'message-station-bundle-home-'));
    try {
      const { info, authorization } = await firstHello({
        program: process.execPath,
        args: [bundle],
        cwd,
        env: { ...process.env, MESSAGE_STATION_HOME: home },
      });
      expect(info.client_version).toBe(AGENT_VERSION);
      expect(authorization).toBe(`Bearer ${TEST_API_KEY}`);
    } finally {
      await fs.rm(home, { recursive: true, force: true });
    }
  });

  it('reads Japanese kanji with the dictionary beside the bundle', async () => {
    const home = await fs.mkdtemp(path.join(os.tmpdir(), 'message-station-bundle-home-'));
    try {
      const espeak = await recordingEspeak(home);
      const bundle = path.join(unpacked, folder, 'message-station-agent.mjs');
      const { result, wav } = await exportJapanese({
        program: process.execPath,
        args: [bundle],
        // From another folder: the dictionary is found beside the script, not in the working directory.
        cwd: home,
        env: { ...process.env, MESSAGE_STATION_HOME: home, PATH: `${espeak.bin}:${process.env.PATH}` },
        exportDir: path.join(home, 'exports'),
      });
      expect(result).toMatchObject({ ok: true });
      expect(result.error).toBeUndefined();
      const spoken = await espeak.phonemes();
      expect(spoken).not.toMatch(LETTER_NAMES);
      const kana = await espeakAlone('ja', JAPANESE_ALERT.kana, home);
      expect(sounds(spoken)).toBe(sounds(kana.phonemes));
      expect((await soxSeconds(wav)) / kana.seconds).toBeLessThan(1.5);
    } finally {
      await fs.rm(home, { recursive: true, force: true });
    }
  });
});
