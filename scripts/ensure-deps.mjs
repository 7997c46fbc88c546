// Installs dependencies when node_modules is missing or older than package-lock.json, so that
// `npm start` and `npm test` work on a fresh clone. Uses no dependency itself.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lockFile = path.join(root, 'package-lock.json');
const installedMarker = path.join(root, 'node_modules', '.package-lock.json');

function needsInstall() {
  if (!fs.existsSync(installedMarker)) return true;
  return fs.statSync(lockFile).mtimeMs > fs.statSync(installedMarker).mtimeMs;
}

export function ensureDeps() {
  if (!needsInstall()) return;
  // `npm install` with the committed lock file installs the locked versions. Not `npm ci`: npm
  // leaves other platforms' optional binaries (Biome, esbuild, rolldown) out of the lock file it
  // writes here, and `npm ci` then refuses that lock file (npm/cli#4828).
  console.log('Installing dependencies (npm install)...');
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
    // Browser tests use the system's Chromium; nothing may download one.
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) {
    console.error('npm install failed; see the output above.');
    process.exit(result.status ?? 1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) ensureDeps();
