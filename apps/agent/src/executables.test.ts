// The single executables `npm run build` puts in releases/<version>/ (scripts/lib/agent-executables.mjs):
// each archive holds its executable (mode 755), a README for that system and the licenses; each
// executable is its platform's kind (ELF x86-64, Mach-O x86-64 without the signature the
// injection broke, PE32+ console program without its Authenticode table) with the agent
// injected and Node's SEA fuse set; the Linux one runs with no Node.js on the PATH, connects to
// a server, writes a start-at-login entry that runs itself and reads Japanese kanji with the
// dictionary it carries (decision 0049, "Japanese read offline"); the Windows one runs under Wine.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  AGENT_EXECUTABLE_NAMES,
  AGENT_EXECUTABLE_PLATFORMS,
  AGENT_VERSION,
  releaseZipName,
  type TAgentExecutablePlatform,
  ZReleaseNotes,
} from '@message-station/shared';
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
const releaseDir = path.join(root, 'releases', AGENT_VERSION);
const folder = `Message Station-${AGENT_VERSION}`;
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
/** A line of the agent's --help: present in every executable only if the agent was injected. */
const AGENT_TEXT = "Message Station desktop agent: speaks and exports your station's messages";

type TArchive = { zip: Buffer; files: Record<string, Uint8Array>; executable: Buffer };
const archives = {} as Record<TAgentExecutablePlatform, TArchive>;
let unpacked: string;

beforeAll(async () => {
  for (const platform of AGENT_EXECUTABLE_PLATFORMS) {
    const file = path.join(releaseDir, releaseZipName(AGENT_VERSION, platform));
    if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build (on Linux x64) first`);
    const zip = await fs.readFile(file);
    const files = unzipSync(new Uint8Array(zip));
    const executable = files[`${folder}/${AGENT_EXECUTABLE_NAMES[platform]}`];
    archives[platform] = { zip, files, executable: Buffer.from(executable ?? new Uint8Array(0)) };
  }
  unpacked = await fs.mkdtemp(path.join(os.tmpdir(), 'message-station-executables-'));
  for (const platform of ['linux-x64', 'windows-x64'] as const) {
    const target = path.join(unpacked, platform, AGENT_EXECUTABLE_NAMES[platform]);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, archives[platform].executable, { mode: 0o755 });
  }
}, 60_000);

afterAll(async () => {
  if (unpacked) await fs.rm(unpacked, { recursive: true, force: true });
});

describe('single executable archives', () => {
  it('are listed in release.json with their real size and SHA-256', async () => {
    const release = JSON.parse(await fs.readFile(path.join(releaseDir, 'release.json'), 'utf8'));
    expect(release.downloads.map((entry: { platform: string }) => entry.platform)).toEqual([
      'windows-x64',
      'macos-x64',
      'linux-x64',
      'node',
    ]);
    for (const platform of AGENT_EXECUTABLE_PLATFORMS) {
      const { zip } = archives[platform];
      expect(release.downloads).toContainEqual({
        platform,
        file_name: `Message Station-${AGENT_VERSION}-${platform}.zip`,
        size_bytes: zip.byteLength,
        sha256: createHash('sha256').update(zip).digest('hex'),
      });
    }
    expect(ZReleaseNotes.shape.downloads.safeParse(release.downloads).success).toBe(true);
  });

  it.each(AGENT_EXECUTABLE_PLATFORMS)(
    '%s holds the executable (755), its README in English and Spanish, and the licenses',
    (platform) => {
      const { zip, files } = archives[platform];
      const name = AGENT_EXECUTABLE_NAMES[platform];
      expect(Object.keys(files).sort()).toEqual(
        [
          `${folder}/`,
          `${folder}/${name}`,
          `${folder}/README.txt`,
          `${folder}/LEAME.txt`,
          `${folder}/THIRD-PARTY-LICENSES.txt`,
        ].sort(),
      );
      expect(unixModes(zip)[`${folder}/${name}`]).toBe(0o755);
      const licenses = new TextDecoder()
        .decode(files[`${folder}/THIRD-PARTY-LICENSES.txt`])
        .replace(/\r\n/g, '\n');
      for (const part of [
        'Node.js 22.23.3',
        'ws\n--',
        'zod\n---',
        'kuromoji\n--------',
        'mecab-ipadic-2.7.0-20070801',
        'Node.js is licensed for use as follows',
      ]) {
        expect(licenses).toContain(part);
      }
      // The executables are 70–100 MB: a truncated or empty one is caught here.
      expect(archives[platform].executable.byteLength).toBeGreaterThan(60_000_000);
    },
  );

  it('gives each system its own setup steps, none asking for Node.js', () => {
    const readme = (platform: TAgentExecutablePlatform) =>
      new TextDecoder().decode(archives[platform].files[`${folder}/README.txt`]);
    const steps: Record<TAgentExecutablePlatform, string[]> = {
      'windows-x64': [
        'Windows 10 or later',
        'Message Station.exe',
        'More info, then Run anyway',
        'Startup folder',
      ],
      'macos-x64': [
        'softwareupdate --install-rosetta --agree-to-license',
        `xattr -dr com.apple.quarantine ~/Downloads/"${folder}"`,
        'Always Allow',
        'LaunchAgent',
      ],
      'linux-x64': ['sudo apt install espeak-ng lame', './message-station', 'autostart entry'],
    };
    for (const platform of AGENT_EXECUTABLE_PLATFORMS) {
      const text = readme(platform);
      for (const step of [...steps[platform], 'http://127.0.0.1:47800/', 'Users page', 'needs no Node.js']) {
        expect(text, platform).toContain(step);
      }
      expect(text, platform).not.toContain('Node.js 20');
    }
    // Notepad on older Windows shows bare LF as one long line.
    expect(readme('windows-x64')).toMatch(/^[^\n]*\r\n/);
    expect(readme('windows-x64').replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('gives the same steps in Spanish in LEAME.txt, with the names Spanish Windows and macOS show', () => {
    const leame = (platform: TAgentExecutablePlatform) =>
      new TextDecoder().decode(archives[platform].files[`${folder}/LEAME.txt`]);
    const steps: Record<TAgentExecutablePlatform, string[]> = {
      'windows-x64': [
        'Windows 10 o posterior',
        'Extraer todo',
        'Windows protegió su PC',
        'Más información y luego Ejecutar de todas formas',
        'carpeta Inicio',
      ],
      'macos-x64': [
        'softwareupdate --install-rosetta --agree-to-license',
        `xattr -dr com.apple.quarantine ~/Downloads/"${folder}"`,
        'Permitir siempre',
        'Privacidad y seguridad > Abrir igualmente',
      ],
      'linux-x64': ['sudo apt install espeak-ng lame', './message-station', 'inicio automático'],
    };
    for (const platform of AGENT_EXECUTABLE_PLATFORMS) {
      const text = leame(platform);
      // Read as flowing text: the file wraps its lines at about 95 characters.
      const flowing = text.replace(/\s+/g, ' ');
      for (const step of [
        ...steps[platform],
        'http://127.0.0.1:47800/',
        'página Usuarios',
        'no necesita Node.js',
      ]) {
        expect(flowing, platform).toContain(step);
      }
      expect(text, platform).toMatch(/^Message Station \d+\.\d+\.\d+ para /);
      expect(text, platform).not.toContain('Node.js 20');
    }
    expect(leame('windows-x64').replace(/\r\n/g, '')).not.toContain('\n');
  });
});

describe('executable headers', () => {
  it.each(AGENT_EXECUTABLE_PLATFORMS)('%s carries the agent and has the SEA fuse set', (platform) => {
    const binary = archives[platform].executable;
    expect(binary.includes(`${FUSE}:1`)).toBe(true);
    expect(binary.includes(`${FUSE}:0`)).toBe(false);
    expect(binary.includes(AGENT_TEXT)).toBe(true);
  });

  it('linux-x64 is a 64-bit x86-64 ELF executable with the blob in a NODE_SEA_BLOB note', () => {
    const elf = archives['linux-x64'].executable;
    expect(elf.subarray(0, 4).equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46]))).toBe(true);
    expect(elf[4]).toBe(2); // ELFCLASS64
    expect(elf[5]).toBe(1); // little endian
    expect(elf.readUInt16LE(16)).toBe(2); // ET_EXEC
    expect(elf.readUInt16LE(18)).toBe(0x3e); // x86-64
    expect(elf.includes('NODE_SEA_BLOB')).toBe(true);
  });

  it('macos-x64 is an x86-64 Mach-O executable with a NODE_SEA segment and no broken signature', () => {
    const macho = archives['macos-x64'].executable;
    expect(macho.readUInt32LE(0)).toBe(0xfeedfacf); // MH_MAGIC_64
    expect(macho.readUInt32LE(4)).toBe(0x01000007); // CPU_TYPE_X86_64
    expect(macho.readUInt32LE(12)).toBe(2); // MH_EXECUTE
    const segments: { name: string; fileoff: number; filesize: number; sections: string[] }[] = [];
    const commands: number[] = [];
    let offset = 32;
    for (let index = 0; index < macho.readUInt32LE(16); index += 1) {
      const cmd = macho.readUInt32LE(offset);
      commands.push(cmd);
      if (cmd === 0x19) {
        const sections = [];
        for (let section = 0; section < macho.readUInt32LE(offset + 64); section += 1) {
          const at = offset + 72 + section * 80;
          sections.push(macho.toString('latin1', at, at + 16).replace(/\0+$/, ''));
        }
        segments.push({
          name: macho.toString('latin1', offset + 8, offset + 24).replace(/\0+$/, ''),
          fileoff: Number(macho.readBigUInt64LE(offset + 40)),
          filesize: Number(macho.readBigUInt64LE(offset + 48)),
          sections,
        });
      }
      offset += macho.readUInt32LE(offset + 4);
    }
    expect(offset).toBe(32 + macho.readUInt32LE(20)); // sizeofcmds adds up
    expect(commands).not.toContain(0x1d); // LC_CODE_SIGNATURE: removed, it would no longer match
    const sea = segments.find((segment) => segment.name === 'NODE_SEA');
    expect(sea?.sections).toEqual(['__NODE_SEA_BLOB']);
    expect(
      macho.subarray(sea?.fileoff, (sea?.fileoff ?? 0) + (sea?.filesize ?? 0)).includes(AGENT_TEXT),
    ).toBe(true);
    // __LINKEDIT ends the file, as the loader expects.
    const linkedit = segments.find((segment) => segment.name === '__LINKEDIT');
    expect((linkedit?.fileoff ?? 0) + (linkedit?.filesize ?? 0)).toBe(macho.byteLength);
  });

  it('windows-x64 is a PE32+ x64 console program with a NODE_SEA_BLOB resource and no broken signature', () => {
    const exe = archives['windows-x64'].executable;
    expect(exe.toString('latin1', 0, 2)).toBe('MZ');
    const pe = exe.readUInt32LE(0x3c);
    expect(exe.toString('latin1', pe, pe + 4)).toBe('PE\0\0');
    expect(exe.readUInt16LE(pe + 4)).toBe(0x8664); // AMD64
    const optional = pe + 24;
    expect(exe.readUInt16LE(optional)).toBe(0x20b); // PE32+
    expect(exe.readUInt16LE(optional + 68)).toBe(3); // console subsystem: a window shows what it does
    // The certificate table (data directory 4) is empty: Node's signature is gone, not broken.
    expect(exe.readUInt32LE(optional + 112 + 4 * 8)).toBe(0);
    expect(exe.readUInt32LE(optional + 112 + 4 * 8 + 4)).toBe(0);
    // Resource names are UTF-16.
    expect(exe.includes(Buffer.from('NODE_SEA_BLOB', 'utf16le'))).toBe(true);
  });
});

describe('the Linux executable', () => {
  const executable = () => path.join(unpacked, 'linux-x64', 'message-station');
  /** No Node.js: a PATH that has only the speech engine (this machine's node is in /usr/bin). */
  async function makeHome() {
    const home = await fs.mkdtemp(path.join(os.tmpdir(), 'message-station-sea-home-'));
    const bin = path.join(home, 'bin');
    await fs.mkdir(bin);
    const espeak = (await run('sh', ['-c', 'command -v espeak-ng'])).stdout.trim();
    await fs.symlink(espeak, path.join(bin, 'espeak-ng'));
    return home;
  }
  const env = (home: string) => ({
    HOME: home,
    PATH: path.join(home, 'bin'),
    MESSAGE_STATION_HOME: home,
    MESSAGE_STATION_API_KEY: TEST_API_KEY,
    XDG_CONFIG_HOME: path.join(home, 'config'),
  });

  it('runs with no Node.js on the PATH: --version and --help', async () => {
    const home = await makeHome();
    try {
      await expect(run('/bin/sh', ['-c', 'command -v node'], { env: env(home) })).rejects.toThrow();
      const version = await run(executable(), ['--version'], { env: env(home) });
      expect(version.stdout.trim()).toBe(AGENT_VERSION);
      // No warning about the experimental feature or a module it could not load.
      expect(version.stderr).toBe('');
      expect((await run(executable(), ['--help'], { env: env(home) })).stdout).toContain('--station ID');
    } finally {
      await fs.rm(home, { recursive: true, force: true });
    }
  });

  it('writes a start-at-login entry that runs the executable itself', async () => {
    const home = await makeHome();
    try {
      const { stdout } = await run(executable(), ['--start-at-login', 'on'], { env: env(home) });
      const entry = path.join(home, 'config', 'autostart', 'message-station.desktop');
      expect(stdout).toContain(entry);
      const text = await fs.readFile(entry, 'utf8');
      expect(text).toContain(`Exec=${executable()} --no-open\n`);
    } finally {
      await fs.rm(home, { recursive: true, force: true });
    }
  });

  it('exports a Japanese alert with kanji read from the dictionary it carries, no Node.js on the PATH', async () => {
    const home = await makeHome();
    try {
      // The PATH's espeak-ng also writes the phonemes of what it says.
      await fs.rm(path.join(home, 'bin'), { recursive: true });
      const espeak = await recordingEspeak(home);
      const { result, wav } = await exportJapanese({
        program: executable(),
        cwd: home,
        env: env(home),
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

  it('connects to a server with the station and key', async () => {
    const home = await makeHome();
    try {
      const { info, authorization } = await firstHello({ program: executable(), env: env(home) });
      expect(info.client_version).toBe(AGENT_VERSION);
      expect(info.platform).toMatch(/^Linux/);
      expect(authorization).toBe(`Bearer ${TEST_API_KEY}`);
    } finally {
      await fs.rm(home, { recursive: true, force: true });
    }
  });
});

// Wine (Debian's wine64, installed by .ci/run) runs the Windows executable on this Linux machine,
// in a prefix of its own set to Windows 10 (a new prefix says Windows 7, below Node's minimum).
const wine = ['/usr/lib/wine/wine64', '/usr/bin/wine64'].find((candidate) => existsSync(candidate));
describe.skipIf(!wine && !process.env.CI)('the Windows executable, under Wine', () => {
  let prefix: string;
  const exe = () => path.join(unpacked, 'windows-x64', 'Message Station.exe');
  const wineEnv = () => ({ ...process.env, WINEPREFIX: prefix, WINEDEBUG: '-all' });

  beforeAll(async () => {
    if (!wine) throw new Error('wine64 is not installed: .ci/run installs it');
    prefix = await fs.mkdtemp(path.join(os.tmpdir(), 'message-station-wine-'));
    await run(wine, ['winecfg', '/v', 'win10'], { env: wineEnv(), timeout: 120_000 });
  }, 150_000);

  afterAll(async () => {
    if (!wine || !prefix) return;
    await run(path.join(path.dirname(wine), 'wineserver'), ['-k'], { env: wineEnv() }).catch(() => {});
    await fs.rm(prefix, { recursive: true, force: true });
  });

  it('prints its version', async () => {
    // Wine hands Node a pipe it cannot use as stdout: the version goes to a file.
    const output = path.join(prefix, 'version.txt');
    await run('sh', ['-c', `"${wine}" "${exe()}" --version > "${output}" 2>/dev/null`], {
      env: wineEnv(),
      timeout: 120_000,
    });
    expect((await fs.readFile(output, 'utf8')).trim()).toBe(AGENT_VERSION);
  }, 150_000);

  it('connects to a server as a Windows 10 machine', async () => {
    const home = await fs.mkdtemp(path.join(os.tmpdir(), 'message-station-wine-home-'));
    try {
      const { info, authorization } = await firstHello({
        program: wine as string,
        args: [exe()],
        // Wine's drive Z: is the Linux root.
        env: { ...wineEnv(), MESSAGE_STATION_HOME: `Z:${home.replaceAll('/', '\\')}` },
      });
      expect(info.client_version).toBe(AGENT_VERSION);
      expect(info.platform).toMatch(/^Windows 10\.0\.\d+ \(x64\)$/);
      expect(authorization).toBe(`Bearer ${TEST_API_KEY}`);
      // Its settings went where Windows paths point: the Linux folder behind Z:.
      expect(JSON.parse(await fs.readFile(path.join(home, 'settings.json'), 'utf8')).station_id).toBe(
        'riverside',
      );
    } finally {
      await fs.rm(home, { recursive: true, force: true });
    }
  }, 150_000);
});
