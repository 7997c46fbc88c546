#!/usr/bin/env node
// Packages the desktop agent (apps/agent) as a release: one bundled file and start scripts in
// `Message Station-<version>.zip`, plus notes.md (the version's CHANGELOG section), notes.es.md
// (its CHANGELOG.es.md section) and
// release.json, in <RELEASES_DIR or ./releases>/<version>/. Same sources and CHANGELOG date give
// the same zip, byte for byte.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { strToU8, zipSync } from 'fflate';

const root = fileURLToPath(new URL('..', import.meta.url));
const agentDir = path.join(root, 'apps', 'agent');
const BUNDLE = 'message-station-agent.mjs';

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

async function bundle() {
  const result = await build({
    entryPoints: [path.join(agentDir, 'src', 'cli.ts')],
    outfile: BUNDLE,
    write: false,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    alias: { '@message-station/shared': path.join(root, 'packages', 'shared', 'src', 'index.ts') },
    // ws loads these optional native helpers only if they are installed; never bundled.
    external: ['bufferutil', 'utf-8-validate'],
    // ws is CommonJS and calls require() for Node's own modules: give the bundle a real require.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
    },
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

const README = `Message Station ${version}: desktop agent
${'='.repeat(`Message Station ${version}: desktop agent`.length)}

Message Station speaks your station's messages on this computer when someone presses Play
in the Message Station dashboard, and exports them as audio files (WAV, and MP3 when lame is
installed) for PA systems and broadcasts. It runs on macOS, Linux and Windows.

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

First start
-----------
1. The status page opens in your browser: http://127.0.0.1:47800/
2. Enter the server address, paste your Station ID and the API key from the admin Users
   page, and choose "Save and connect".
3. On macOS the key goes into your keychain. If macOS asks whether to allow access to the
   "Message Station" keychain item, choose Always Allow.
   (Windows: the key is encrypted for your Windows account. Linux: the Secret Service when it
   works, otherwise a file only you can read.)
4. The computer appears on the Machines page of the admin area. Keep the window open: closing
   it disconnects the computer.

Exported files go to "Message Station Exports" in your home folder (--export-dir changes it).
Without a sound card or with --audio-output null, playback is silent but still reported.
`;

async function licenses() {
  const parts = [];
  for (const name of ['ws', 'zod']) {
    const text = await fs.readFile(path.join(root, 'node_modules', name, 'LICENSE'), 'utf8');
    parts.push(`${name}\n${'-'.repeat(name.length)}\n${text.trim()}\n`);
  }
  return `Message Station bundles these open-source packages:\n\n${parts.join('\n')}`;
}

const [year, month, day] = date.split('-').map(Number);
// fflate stores local date fields: build the date from local fields so every time zone agrees.
const mtime = new Date(year, month - 1, day, 12, 0, 0);
const file = (data, mode) => [data, { mtime, os: 3, attrs: ((0o100000 | mode) << 16) >>> 0, level: 9 }];

const contents = await bundle();
await smokeTest(contents);
const zip = zipSync({
  [`${folder}/`]: [new Uint8Array(0), { mtime, os: 3, attrs: ((0o040000 | 0o755) << 16) >>> 0 }],
  [`${folder}/${BUNDLE}`]: file(contents, 0o644),
  [`${folder}/Start Message Station.command`]: file(strToU8(MAC_START), 0o755),
  [`${folder}/start-message-station.sh`]: file(strToU8(LINUX_START), 0o755),
  [`${folder}/Start Message Station.cmd`]: file(strToU8(WINDOWS_START), 0o644),
  [`${folder}/README.txt`]: file(strToU8(README), 0o644),
  [`${folder}/THIRD-PARTY-LICENSES.txt`]: file(strToU8(await licenses()), 0o644),
});

const outDir = path.join(releasesDir, version);
await fs.mkdir(outDir, { recursive: true });
const zipPath = path.join(outDir, `${folder}.zip`);
await fs.writeFile(zipPath, zip);
await fs.writeFile(path.join(outDir, 'notes.md'), notes);
await fs.writeFile(path.join(outDir, 'notes.es.md'), notesEs);
const release = {
  version,
  released_at: `${date}T00:00:00.000Z`,
  size_bytes: zip.byteLength,
  sha256: createHash('sha256').update(zip).digest('hex'),
};
await fs.writeFile(path.join(outDir, 'release.json'), `${JSON.stringify(release, null, 2)}\n`);

console.log(`Agent release ${version} (${date}):`);
console.log(`  ${zipPath} (${(zip.byteLength / 1024).toFixed(0)} KB, sha256 ${release.sha256})`);
console.log(`  ${path.join(outDir, 'notes.md')} (and notes.es.md)`);
console.log(`  ${path.join(outDir, 'release.json')}`);
