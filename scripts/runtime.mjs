#!/usr/bin/env node
// Runs a script or a command on the pinned Node.js (docs/decisions/0064-node-24-lts.md):
//   node scripts/runtime.mjs scripts/start.mjs [args]   (npm start, npm test, npm run dev)
//   node scripts/runtime.mjs npm test                   (.ci/run)
// On a Node.js of the pinned major or newer it runs them as they are. On an older one it fetches
// the pinned official binary once (the npm registry's node-<platform>-x64 package at NODE_VERSION
// of scripts/lib/agent-executables.mjs, checked against its pinned integrity), keeps it in a
// user-level cache that `npm ci` and a fresh clone leave alone, and runs them with that binary
// first on the PATH, beside `npm` and `npx` shims that run the machine's npm on it, so that the
// `npm install` they start runs on the pinned Node too. Plain JavaScript for any Node.js from 18
// on; uses no dependency. The cache: $MESSAGE_STATION_CACHE, or message-station/ in
// $XDG_CACHE_HOME, ~/.cache or (Windows) %LOCALAPPDATA%; delete it to fetch again.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { NODE_VERSION, nodeBinary } from './lib/agent-executables.mjs';

const PINNED_MAJOR = Number(NODE_VERSION.split('.')[0]);
const windows = process.platform === 'win32';
/** The PATH variable's name, whatever its case (Windows keeps `Path`). */
const pathKey = Object.keys(process.env).find((key) => key.toUpperCase() === 'PATH') ?? 'PATH';

/** The user-level folder the pinned Node.js is kept in. */
function runtimeCacheDir(env = process.env) {
  if (env.MESSAGE_STATION_CACHE) return path.resolve(env.MESSAGE_STATION_CACHE);
  const base =
    env.XDG_CACHE_HOME ||
    (windows && env.LOCALAPPDATA) ||
    path.join(os.homedir(), windows ? 'AppData/Local' : '.cache');
  return path.join(base, 'message-station');
}

/**
 * Which of the pinned binaries runs here (scripts/lib/agent-executables.mjs), or null. An Apple
 * Silicon Mac runs the x64 one through Rosetta 2 (the registry has no arm64 build of the pin).
 */
function hostPlatform() {
  if (process.platform === 'linux' && process.arch === 'x64') return 'linux-x64';
  if (process.platform === 'darwin') return 'macos-x64';
  if (windows && process.arch === 'x64') return 'windows-x64';
  return null;
}

/** The machine's npm-cli.js (npm's own entry, which any Node.js runs), or null. */
function npmCli() {
  const candidates = [process.env.npm_execpath];
  for (const dir of (process.env[pathKey] ?? '').split(path.delimiter).filter(Boolean)) {
    const npm = path.join(dir, windows ? 'npm.cmd' : 'npm');
    if (!windows && fs.existsSync(npm)) candidates.push(fs.realpathSync(npm));
    if (windows && fs.existsSync(npm)) candidates.push(path.join(dir, 'node_modules/npm/bin/npm-cli.js'));
  }
  const nodeDir = path.dirname(process.execPath);
  candidates.push(
    path.join(
      nodeDir,
      windows ? 'node_modules/npm/bin/npm-cli.js' : '../lib/node_modules/npm/bin/npm-cli.js',
    ),
  );
  return (
    candidates.find((file) => file && path.basename(file) === 'npm-cli.js' && fs.existsSync(file)) ?? null
  );
}

/** Writes `file` only when its text differs (the cache is shared by every run on this machine). */
function writeIfChanged(file, text, mode) {
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) return;
  const staged = `${file}.${process.pid}`;
  fs.writeFileSync(staged, text, { mode });
  fs.renameSync(staged, file);
}

/**
 * `npm` and `npx` beside the pinned binary, running the machine's npm on it: the Node.js package
 * ships no npm, and npm's own launchers may name the machine's node.
 */
function writeNpmShims(dir) {
  const cli = npmCli();
  if (!cli) return;
  for (const [name, entry] of [
    ['npm', cli],
    ['npx', path.join(path.dirname(cli), 'npx-cli.js')],
  ]) {
    if (windows) writeIfChanged(path.join(dir, `${name}.cmd`), `@"%~dp0node.exe" "${entry}" %*\r\n`);
    else
      writeIfChanged(path.join(dir, name), `#!/bin/sh\nexec "$(dirname "$0")/node" "${entry}" "$@"\n`, 0o755);
  }
}

/** The environment with `dir` first on the PATH. */
function withPathFirst(dir) {
  return { ...process.env, [pathKey]: `${dir}${path.delimiter}${process.env[pathKey] ?? ''}` };
}

/**
 * Runs the command with the terminal, passing signals on; resolves with its exit code. A command
 * by name goes through the shell on Windows (npm.cmd); the Node binary itself never does.
 */
function runChild(command, args, env, shell = windows) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env, shell });
    const forward = (signal) => child.kill(signal);
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward);
    child.once('error', (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? 128 + (os.constants.signals[signal] ?? 0)));
  });
}

const [target, ...rest] = process.argv.slice(2);
if (!target) {
  console.error('Usage: node scripts/runtime.mjs <script.mjs | command> [args...]');
  process.exit(2);
}
const isScript = /\.[cm]?js$/.test(target);

if (Number(process.versions.node.split('.')[0]) >= PINNED_MAJOR) {
  if (isScript) {
    // Run in this process, as `node <script> [args]` would.
    const script = path.resolve(target);
    process.argv = [process.execPath, script, ...rest];
    await import(pathToFileURL(script).href);
  } else {
    // `node` in the command is this Node.js too.
    process.exit(await runChild(target, rest, withPathFirst(path.dirname(process.execPath))));
  }
} else {
  const platform = hostPlatform();
  if (!platform) {
    console.error(
      `Node ${process.versions.node} is older than the pinned ${NODE_VERSION}, and there is no pinned build for ${process.platform}-${process.arch}: install Node.js ${PINNED_MAJOR} (the LTS line).`,
    );
    process.exit(1);
  }
  const cache = runtimeCacheDir();
  const { binary } = await nodeBinary(platform, cache);
  const dir = path.dirname(binary);
  writeNpmShims(dir);
  console.log(
    `Node ${process.versions.node} is older than the pinned ${NODE_VERSION}: running on ${NODE_VERSION} from ${dir}`,
  );
  const env = withPathFirst(dir);
  const code = isScript
    ? await runChild(binary, [...process.execArgv, target, ...rest], env, false)
    : await runChild(target, rest, env);
  process.exit(code);
}
