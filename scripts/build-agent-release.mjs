#!/usr/bin/env node
// Packages the desktop agent (apps/agent) as a release in <RELEASES_DIR or ./releases>/<version>/:
// - `Message Station-<version>-<platform>.zip` for windows-x64, macos-x64 and linux-x64: a single
//   executable that needs no Node.js (scripts/lib/agent-executables.mjs), with a README for that
//   system and its Spanish LEAME.txt. Built on Linux x64 only; `--no-executables` leaves them out.
//   The Linux one carries the Japanese dictionary its espeak-ng reads kanji with as SEA assets
//   (decision 0049, "Japanese read offline"); macOS and Windows speak with their own voices, which read kanji.
// - `Message Station-<version>.zip`: one bundled script and start scripts, for any system with
//   Node.js 20, with the dictionary's files in kuromoji-dict/ beside the script.
// - notes.md (the version's CHANGELOG section), notes.es.md (its CHANGELOG.es.md section) and
//   release.json (date, and each archive's size and SHA-256).
// Same sources and CHANGELOG date give the same archives, byte for byte; an executable archive
// whose inputs have not changed since the last build is kept instead of built again.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { AGENT_EXECUTABLE_NAMES, releaseZipName } from '@message-station/shared';
import { build } from 'esbuild';
import { strToU8, zipSync } from 'fflate';
import { AGENT_NODE_VERSION, nodeBinary, seaBlob, writeExecutable } from './lib/agent-executables.mjs';
import { spanishExecutableReadmes } from './lib/agent-readmes-es.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const agentDir = path.join(root, 'apps', 'agent');
const BUNDLE = 'message-station-agent.mjs';
/** kuromoji's IPADIC (gzipped, as the package ships it): beside the script, or the Linux executable's assets. */
const DICTIONARY_FOLDER = 'kuromoji-dict';
const dictionaryDir = path.join(root, 'node_modules', 'kuromoji', 'dict');
const dictionary = await Promise.all(
  (await fs.readdir(dictionaryDir))
    .filter((name) => name.endsWith('.dat.gz'))
    .sort()
    .map(async (name) => ({
      name,
      path: path.join(dictionaryDir, name),
      data: await fs.readFile(path.join(dictionaryDir, name)),
    })),
);

const { version } = JSON.parse(await fs.readFile(path.join(agentDir, 'package.json'), 'utf8'));
const { date, notes } = changelogSection(
  await fs.readFile(path.join(agentDir, 'CHANGELOG.md'), 'utf8'),
  version,
);
// The same section in Spanish (CHANGELOG.es.md), for the Download page in Spanish; no date there.
const notesEs = changelogSection(
  await fs.readFile(path.join(agentDir, 'CHANGELOG.es.md'), 'utf8'),
  version,
  'CHANGELOG.es.md',
).notes;
const releasesDir = path.resolve(process.env.RELEASES_DIR || path.join(root, 'releases'));
const folder = `Message Station-${version}`;

/** The `## <version>` section of the CHANGELOG: its `_Released YYYY-MM-DD_` date and the rest as notes. */
function changelogSection(changelog, wanted, file = 'CHANGELOG.md') {
  const sections = changelog.split(/^## /m).slice(1);
  const section = sections.find((text) => text.split('\n', 1)[0].trim() === wanted);
  if (!section) throw new Error(`apps/agent/${file} has no "## ${wanted}" section`);
  const body = section.slice(section.indexOf('\n') + 1);
  if (file !== 'CHANGELOG.md') return { date: null, notes: `${body.trim()}\n` };
  const released = /^_Released (\d{4}-\d{2}-\d{2})_\s*$/m.exec(body);
  if (!released)
    throw new Error(`The ${wanted} section of apps/agent/${file} has no "_Released YYYY-MM-DD_" line`);
  return { date: released[1], notes: `${body.replace(released[0], '').trim()}\n` };
}

/** ws loads these optional native helpers when installed; a release has none: it falls back. */
const absentOptionalModules = {
  name: 'absent-optional-modules',
  setup(builder) {
    builder.onResolve({ filter: /^(bufferutil|utf-8-validate)$/ }, (args) => ({
      path: args.path,
      namespace: 'absent',
    }));
    builder.onLoad({ filter: /.*/, namespace: 'absent' }, (args) => ({
      contents: `throw Object.assign(new Error("${args.path} is not bundled"), { code: 'MODULE_NOT_FOUND' });`,
    }));
  },
};

/**
 * The agent in one file: an ES module for Node (the script bundle), or CommonJS for a single
 * executable, whose main script must be CommonJS and may require() only Node's own modules.
 */
async function bundle(format) {
  const result = await build({
    entryPoints: [path.join(agentDir, 'src', 'cli.ts')],
    outfile: format === 'esm' ? BUNDLE : 'agent.cjs',
    write: false,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format,
    alias: { '@message-station/shared': path.join(root, 'packages', 'shared', 'src', 'index.ts') },
    plugins: [absentOptionalModules],
    // ws is CommonJS and calls require() for Node's own modules: give the ES module a real require.
    banner:
      format === 'esm'
        ? {
            js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
          }
        : undefined,
    legalComments: 'eof',
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  return output.contents;
}

/** Checks the bundle starts and knows its version before it is shipped. */
async function smokeTest(contents) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'message-station-release-'));
  try {
    const file = path.join(dir, BUNDLE);
    await fs.writeFile(file, contents);
    const { stdout } = await promisify(execFile)(process.execPath, [file, '--version'], { cwd: dir });
    if (stdout.trim() !== version)
      throw new Error(`The bundle says version ${stdout.trim()}, expected ${version}`);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const MAC_START = `#!/bin/bash
# Double-click to start Message Station. Keep this window open while the station uses this Mac.
cd "$(dirname "$0")" || exit 1
# Finder does not read your shell profile: also look where the Node.js installer and Homebrew put node.
export PATH="$PATH:/usr/local/bin:/opt/homebrew/bin"
[ -s "$HOME/.nvm/nvm.sh" ] && . "$HOME/.nvm/nvm.sh" >/dev/null 2>&1
if ! command -v node >/dev/null 2>&1 || [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 20 ]; then
  echo "Message Station needs Node.js 20 or later. Install it from https://nodejs.org, then open this file again."
  read -r -p "Press Return to close this window. " _
  exit 1
fi
node ${BUNDLE} "$@"
code=$?
[ $code -ne 0 ] && read -r -p "Message Station stopped. Press Return to close this window. " _
exit $code
`;

const LINUX_START = `#!/bin/sh
# Starts Message Station from this folder: ./start-message-station.sh [options] (see --help).
cd "$(dirname "$0")" || exit 1
if ! command -v node >/dev/null 2>&1 || [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 20 ]; then
  echo "Message Station needs Node.js 20 or later (https://nodejs.org or your distribution's nodejs package)." >&2
  exit 1
fi
if ! command -v espeak-ng >/dev/null 2>&1; then
  echo "espeak-ng is not installed, so Message Station cannot speak: sudo apt install espeak-ng (optional: lame for MP3 exports)." >&2
fi
exec node ${BUNDLE} "$@"
`;

const WINDOWS_START = [
  '@echo off',
  'rem Double-click to start Message Station. Keep this window open while the station uses this PC.',
  'cd /d "%~dp0"',
  'where node >nul 2>nul',
  'if errorlevel 1 (',
  '  echo Message Station needs Node.js 20 or later. Install it from https://nodejs.org, then open this file again.',
  '  pause',
  '  exit /b 1',
  ')',
  `node ${BUNDLE} %*`,
  'if errorlevel 1 pause',
  '',
].join('\r\n');

/** Start at login, first start and exports: the same in every README. */
const FIRST_START = `First start
-----------
1. The status page opens in your browser: http://127.0.0.1:47800/
2. Enter the server address, paste your Station ID and the API key from the admin Users
   page, and choose "Save and connect". No command line is needed.
3. On macOS the key goes into your keychain. If macOS asks whether to allow access to the
   "Message Station" keychain item, choose Always Allow.
   (Windows: the key is encrypted for your Windows account. Linux: the Secret Service when it
   works, otherwise a file only you can read.)
4. The computer appears on the Machines page of the admin area. Keep the window open: closing
   it disconnects the computer.

Start at login
--------------
On the status page, turn on "Start Message Station when I log in to this computer". The app
then starts by itself when you log in (Windows: a file in your Startup folder; macOS: a
LaunchAgent; Linux: an autostart entry), without opening the status page. Turning the switch
off removes it.

Exported files go to "Message Station Exports" in your home folder (WAV, and MP3 beside each
when the lame encoder is installed). Without a sound card, playback is silent but still
reported. All options: run the app with --help.
`;

const README = `Message Station ${version}: desktop agent
${'='.repeat(`Message Station ${version}: desktop agent`.length)}

Message Station speaks your station's messages on this computer when someone presses Play
in the Message Station dashboard, and exports them as audio files (WAV, and MP3 when lame is
installed) for PA systems and broadcasts. It runs on macOS, Linux and Windows.

This is the script bundle, for any computer with Node.js 20 or later (an Apple Silicon Mac
natively, Linux on ARM). For Windows, macOS and Linux on x64 the Download page also has the app
as a single executable that needs no Node.js.

What you need
-------------
- Node.js 20 or later: https://nodejs.org (on Linux, your distribution's nodejs package
  if it is version 20 or later).
- Your Station ID and an API key. An admin creates API keys on the Users page of the
  Message Station admin area (API Key column).
- Linux: espeak-ng for speech (sudo apt install espeak-ng); optional lame for MP3 exports
  (sudo apt install lame). Sound plays through paplay (PulseAudio or PipeWire), aplay, sox's
  play or ffplay, whichever is installed.
- macOS and Windows use the voices already built into the system.

Start it
--------
macOS:   Double-click "Start Message Station.command". The app is not signed, so the first
         time macOS refuses to open it: right-click the file, choose Open, then Open again
         (on macOS 15 or later: System Settings > Privacy & Security > Open Anyway). Or
         remove the quarantine flag in Terminal once:
           xattr -dr com.apple.quarantine "/path/to/${folder}"
Linux:   ./start-message-station.sh
Windows: Double-click "Start Message Station.cmd". If Windows asks whether to run it,
         choose Run (More info > Run anyway).
Any:     node ${BUNDLE} --help   (all options)

${FIRST_START}`;

function heading(text) {
  return `${text}\n${'='.repeat(text.length)}\n`;
}

const WHAT_IT_DOES = `Message Station speaks your station's messages on this computer when someone presses Play
in the Message Station dashboard, and exports them as audio files for PA systems and
broadcasts. This folder holds the whole app: it needs no Node.js and nothing else installed`;

/** The README of each single executable's archive, in that system's words. */
const EXECUTABLE_READMES = {
  'windows-x64': `${heading(`Message Station ${version} for Windows`)}
${WHAT_IT_DOES}.
It speaks with the voices built into Windows.

What you need
-------------
- Windows 10 or later on a 64-bit (x64) PC.
- Your Station ID and an API key. An admin creates API keys on the Users page of the
  Message Station admin area (API Key column).

Start it
--------
1. Unzip the download (right-click it, Extract All) and open the folder "${folder}".
2. Double-click "Message Station.exe". The app is not signed yet, so the first time Windows
   may say "Windows protected your PC": choose More info, then Run anyway.
3. A window opens and shows what the app does. Keep it open while the station uses this PC.

${FIRST_START}`,
  'macos-x64': `${heading(`Message Station ${version} for macOS`)}
${WHAT_IT_DOES}.
It speaks with the voices built into macOS.

What you need
-------------
- macOS 13 or later. The app is built for Intel Macs; on a Mac with Apple Silicon it runs
  through Rosetta 2. If Rosetta 2 is not installed yet, install it once in Terminal:
    softwareupdate --install-rosetta --agree-to-license
- Your Station ID and an API key. An admin creates API keys on the Users page of the
  Message Station admin area (API Key column).

Start it
--------
1. Double-click the download in your Downloads folder: you get the folder "${folder}".
2. The app is not signed yet, so macOS blocks it as downloaded from the internet. Remove
   that quarantine flag once: open Terminal and run
     xattr -dr com.apple.quarantine ~/Downloads/"${folder}"
   (Or Control-click "Message Station", choose Open, then Open again; on macOS 15 or later
   open it once, then System Settings > Privacy & Security > Open Anyway.)
3. If you like, move the folder to Applications.
4. Double-click "Message Station". Terminal opens and runs the app. Keep that window open
   while the station uses this Mac.

${FIRST_START}`,
  'linux-x64': `${heading(`Message Station ${version} for Linux`)}
${WHAT_IT_DOES}
but the speech engine.

What you need
-------------
- Linux on a 64-bit (x64) PC with glibc 2.28 or later (Debian 10, Ubuntu 20.04, Fedora 29 or
  later).
- espeak-ng for speech, and lame if you want MP3 files too (Debian and Ubuntu):
    sudo apt install espeak-ng lame
  Sound plays through paplay (PulseAudio or PipeWire), aplay, sox's play or ffplay,
  whichever is installed.
- Your Station ID and an API key. An admin creates API keys on the Users page of the
  Message Station admin area (API Key column).

Start it
--------
  unzip "Message Station-${version}-linux-x64.zip"
  cd "${folder}"
  ./message-station

Keep it running while the station uses this computer.

${FIRST_START}`,
};

/** The bundled packages and their license files (kuromoji's NOTICE.md carries IPADIC's terms). */
const BUNDLED = [
  ['ws', ['LICENSE']],
  ['zod', ['LICENSE']],
  ['kuromoji', ['LICENSE-2.0.txt', 'NOTICE.md']],
  ['doublearray', ['LICENSE.txt']],
];

async function licenses(nodeLicense) {
  const parts = [];
  for (const [name, files] of BUNDLED) {
    const texts = [];
    for (const file of files)
      texts.push((await fs.readFile(path.join(root, 'node_modules', name, file), 'utf8')).trim());
    parts.push(`${name}\n${'-'.repeat(name.length)}\n${texts.join('\n\n')}\n`);
  }
  if (nodeLicense)
    parts.push(
      `Node.js ${AGENT_NODE_VERSION}\n${'-'.repeat(`Node.js ${AGENT_NODE_VERSION}`.length)}\n${nodeLicense.trim()}\n`,
    );
  const what = nodeLicense ? 'Message Station is built on Node.js and bundles' : 'Message Station bundles';
  return `${what} these open-source packages:\n\n${parts.join('\n')}`;
}

const [year, month, day] = date.split('-').map(Number);
// fflate stores local date fields: build the date from local fields so every time zone agrees.
const mtime = new Date(year, month - 1, day, 12, 0, 0);
const file = (data, mode, level = 9) => [
  data,
  { mtime, os: 3, attrs: ((0o100000 | mode) << 16) >>> 0, level },
];
const folderEntry = [new Uint8Array(0), { mtime, os: 3, attrs: ((0o040000 | 0o755) << 16) >>> 0 }];
const digest = (data) => createHash('sha256').update(data).digest('hex');
/** Windows readers get Windows line ends. */
const crlf = (text) => text.replace(/\r?\n/g, '\r\n');

const outDir = path.join(releasesDir, version);
await fs.mkdir(outDir, { recursive: true });

const contents = await bundle('esm');
await smokeTest(contents);
const zip = zipSync({
  [`${folder}/`]: folderEntry,
  [`${folder}/${BUNDLE}`]: file(contents, 0o644),
  [`${folder}/Start Message Station.command`]: file(strToU8(MAC_START), 0o755),
  [`${folder}/start-message-station.sh`]: file(strToU8(LINUX_START), 0o755),
  [`${folder}/Start Message Station.cmd`]: file(strToU8(WINDOWS_START), 0o644),
  [`${folder}/README.txt`]: file(strToU8(README), 0o644),
  [`${folder}/THIRD-PARTY-LICENSES.txt`]: file(strToU8(await licenses()), 0o644),
  [`${folder}/${DICTIONARY_FOLDER}/`]: folderEntry,
  // Already gzipped: stored, not compressed again.
  ...Object.fromEntries(
    dictionary.map(({ name, data }) => [
      `${folder}/${DICTIONARY_FOLDER}/${name}`,
      file(new Uint8Array(data), 0o644, 0),
    ]),
  ),
});
const zipPath = path.join(outDir, releaseZipName(version));
await fs.writeFile(zipPath, zip);

const EXECUTABLES = AGENT_EXECUTABLE_NAMES;
const executableZipName = (platform) => releaseZipName(version, platform);
/** LEAME.txt: the same steps in Spanish. */
const READMES_ES = spanishExecutableReadmes({ version, folder });

/**
 * The three single-executable archives, or why there are none. An archive is kept when the
 * key of its inputs (bundle, Node version, README, licenses, this script and its library) is
 * the one it was built from.
 */
async function buildExecutables() {
  const keysFile = path.join(outDir, '.executables.json');
  const skipped = process.argv.includes('--no-executables')
    ? 'left out (--no-executables)'
    : process.platform !== 'linux' || process.arch !== 'x64'
      ? 'built on Linux x64 only; this release has the Node.js bundle'
      : null;
  if (skipped) {
    // Archives of an earlier build would no longer match this bundle: not offered.
    await Promise.all(
      [
        keysFile,
        ...Object.keys(EXECUTABLES).map((platform) => path.join(outDir, executableZipName(platform))),
      ].map((stale) => fs.rm(stale, { force: true })),
    );
    return { skipped };
  }
  const cacheDir = path.join(root, 'node_modules', '.cache', 'message-station-node');
  const keys = JSON.parse(await fs.readFile(keysFile, 'utf8').catch(() => '{}'));
  const script = await bundle('cjs');
  const linux = await nodeBinary('linux-x64', cacheDir, AGENT_NODE_VERSION);
  const nodeLicense = await fs.readFile(linux.license, 'utf8');
  const thirdParty = await licenses(nodeLicense);
  const recipe = await Promise.all(
    [fileURLToPath(import.meta.url), path.join(root, 'scripts', 'lib', 'agent-executables.mjs')].map(
      (source) => fs.readFile(source),
    ),
  );
  const blobs = {};
  const built = [];
  for (const platform of Object.keys(EXECUTABLES)) {
    const forSystem = (text) => (platform === 'windows-x64' ? crlf(text) : text);
    const readme = forSystem(EXECUTABLE_READMES[platform]);
    const readmeEs = forSystem(READMES_ES[platform]);
    const licenseText = forSystem(thirdParty);
    const withDictionary = platform === 'linux-x64';
    const key = digest(
      Buffer.concat([
        Buffer.from(`${AGENT_NODE_VERSION}\0${platform}\0${readme}\0${readmeEs}\0${licenseText}\0`),
        script,
        ...recipe,
        ...(withDictionary ? dictionary.map(({ data }) => data) : []),
      ]),
    );
    const target = path.join(outDir, executableZipName(platform));
    const existing = keys[platform] === key ? await fs.readFile(target).catch(() => null) : null;
    if (existing) {
      built.push({ platform, archive: existing, kept: true });
      continue;
    }
    const assets = withDictionary
      ? Object.fromEntries(dictionary.map(({ name, path: file }) => [`${DICTIONARY_FOLDER}/${name}`, file]))
      : {};
    const blobKind = withDictionary ? 'dictionary' : 'plain';
    blobs[blobKind] ??= await seaBlob(linux.binary, script, assets);
    const blob = blobs[blobKind];
    const node = await nodeBinary(platform, cacheDir, AGENT_NODE_VERSION);
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'message-station-executable-'));
    try {
      const executable = path.join(work, EXECUTABLES[platform]);
      await writeExecutable(platform, node.binary, blob, executable);
      if (platform === 'linux-x64') await smokeTestExecutable(executable);
      const archive = zipSync({
        [`${folder}/`]: folderEntry,
        [`${folder}/${EXECUTABLES[platform]}`]: file(new Uint8Array(await fs.readFile(executable)), 0o755, 6),
        [`${folder}/README.txt`]: file(strToU8(readme), 0o644),
        [`${folder}/LEAME.txt`]: file(strToU8(readmeEs), 0o644),
        [`${folder}/THIRD-PARTY-LICENSES.txt`]: file(strToU8(licenseText), 0o644),
      });
      await fs.writeFile(target, archive);
      keys[platform] = key;
      await fs.writeFile(keysFile, `${JSON.stringify(keys, null, 2)}\n`);
      built.push({ platform, archive, kept: false });
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  }
  return { built };
}

/** The Linux executable runs here: it must know its version before it is shipped. */
async function smokeTestExecutable(executable) {
  const { stdout } = await promisify(execFile)(executable, ['--version']);
  if (stdout.trim() !== version)
    throw new Error(`The Linux executable says version ${stdout.trim()}, expected ${version}`);
}

const executables = await buildExecutables();
await fs.writeFile(path.join(outDir, 'notes.md'), notes);
await fs.writeFile(path.join(outDir, 'notes.es.md'), notesEs);
const release = {
  version,
  released_at: `${date}T00:00:00.000Z`,
  size_bytes: zip.byteLength,
  sha256: digest(zip),
  downloads: [
    ...(executables.built ?? []).map(({ platform, archive }) => ({
      platform,
      file_name: executableZipName(platform),
      size_bytes: archive.byteLength,
      sha256: digest(archive),
    })),
    { platform: 'node', file_name: releaseZipName(version), size_bytes: zip.byteLength, sha256: digest(zip) },
  ],
};
await fs.writeFile(path.join(outDir, 'release.json'), `${JSON.stringify(release, null, 2)}\n`);

console.log(`Agent release ${version} (${date}):`);
console.log(`  ${zipPath} (${(zip.byteLength / 1024).toFixed(0)} KB, sha256 ${release.sha256})`);
if (executables.skipped) console.log(`  Single executables: ${executables.skipped}`);
for (const { platform, archive, kept } of executables.built ?? []) {
  const size = `${(archive.byteLength / 1_000_000).toFixed(1)} MB`;
  console.log(`  ${path.join(outDir, executableZipName(platform))} (${size}${kept ? ', unchanged' : ''})`);
}
console.log(`  ${path.join(outDir, 'notes.md')} (and notes.es.md)`);
console.log(`  ${path.join(outDir, 'release.json')}`);
