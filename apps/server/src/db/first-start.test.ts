// `npm start` on a new data folder and again on the same one (scripts/start.mjs --no-build, real
// processes): the first start makes the embedded database, migrates and seeds it, the second opens
// it as it is, and both servers run with the memory settings of decision 0063 (jemalloc where this
// system has it, MALLOC_CONF and MALLOC_ARENA_MAX), read from the running server's /proc entries.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../paths.js';
import { freePort, HttpSession, SERVER_MAIN } from '../test/server-process.js';

/** Whether the system has jemalloc where scripts/server-env.mjs looks for it first. */
const jemallocHere =
  process.platform === 'linux' &&
  ['/usr/lib/x86_64-linux-gnu', '/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib64'].some(
    (dir) => fs.existsSync(path.join(dir, 'libjemalloc.so.2')),
  );

type TStarted = { child: ChildProcess; url: string; serverPid: number; output: () => string };

/** `node scripts/start.mjs --no-build` with a port and a data folder; resolves once /healthz answers. */
async function npmStart(dataDir: string): Promise<TStarted> {
  const port = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    LOG_PRETTY: 'false',
    WEB_DIST_DIR: '/nonexistent-web-dist',
  };
  const child = spawn(process.execPath, ['scripts/start.mjs', '--no-build'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 120_000; ; await new Promise((r) => setTimeout(r, 200))) {
    if (child.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`no /healthz within 120 s:\n${output}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
  }
  const children = fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim();
  return { child, url, serverPid: Number(children.split(/\s+/)[0]), output: () => output };
}

async function stop(started: TStarted) {
  const exited = new Promise((resolve) => started.child.once('exit', resolve));
  started.child.kill('SIGTERM');
  await exited;
}

function expectMemorySettings(pid: number) {
  const environ = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
  expect(environ).toContain('MALLOC_ARENA_MAX=2');
  expect(environ).toContain('MALLOC_CONF=dirty_decay_ms:1000');
  const maps = fs.readFileSync(`/proc/${pid}/maps`, 'utf8');
  expect(maps.includes('libjemalloc.so.2')).toBe(jemallocHere);
}

// Embedded PGlite on Linux (/proc): once, on the PGlite run.
describe.runIf(process.env.TEST_DB !== 'postgres' && process.platform === 'linux')('npm start', () => {
  let dataDir = '';
  const live: TStarted[] = [];
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-start-'));
  });
  afterAll(async () => {
    for (const started of live) if (started.child.exitCode === null) started.child.kill('SIGKILL');
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('makes, migrates and seeds a new data folder, then opens it again; both on the memory settings', {
    timeout: 240_000,
  }, async () => {
    expect(fs.existsSync(SERVER_MAIN)).toBe(true);
    const first = await npmStart(dataDir);
    live.push(first);
    expect(first.serverPid).toBeGreaterThan(0);
    expect(fs.readFileSync(`/proc/${first.serverPid}/cmdline`, 'utf8')).toContain('apps/server/dist/main.js');
    expectMemorySettings(first.serverPid);
    expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    // Seeded: the demo admin signs in and sees the demo station.
    const admin = new HttpSession(first.url);
    await admin.login('admin@demo.test');
    const created = await admin.request('POST', '/admin/api/messages', {
      title: 'Kept across restarts',
      original: 'Choir practice moves to the hall.',
      original_language: 'en',
      target_languages: ['es'],
      message_type: 'informational',
    });
    expect(created.status).toBe(201);
    await stop(first);

    const second = await npmStart(dataDir);
    live.push(second);
    expectMemorySettings(second.serverPid);
    const again = new HttpSession(second.url);
    await again.login('admin@demo.test');
    const listed = await again.request('GET', '/admin/api/messages');
    expect(listed.status).toBe(200);
    expect(listed.text).toContain('Kept across restarts');
    await stop(second);
  });
});
