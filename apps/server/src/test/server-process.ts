// The real server as a child process (the built apps/server/dist/main.js, as `npm start` runs it),
// for tests and benchmarks that kill it (SIGKILL, SIGTERM), restart it, or run two of it on one
// PostgreSQL. Plus a small cookie-keeping HTTP client that signs in the way the browser does.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const SERVER_MAIN = path.join(repoRoot, 'apps/server/dist/main.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Servers started and not yet exited: what `stopServerProcesses` kills. */
const live = new Set<ChildProcess>();

/**
 * Kills (SIGKILL) every server this process started that still runs. Test files that start
 * servers call it after each test, so a test that fails half-way leaves no server sending texts
 * or taking CPU for the rest of the run.
 */
export async function stopServerProcesses(): Promise<void> {
  await Promise.all(
    [...live].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}

export type TServerProcess = {
  url: string;
  pid: number;
  /** Everything it printed, for a failing test's message. */
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
};

/**
 * Starts the built server with `env` on a free port and waits until /healthz answers. The
 * caller sets the database (DATABASE_URL, or DATA_DIR for PGlite) and providers. DEV_TOOLS is on
 * unless `env` asks for production or turns it off (DEV_TOOLS: '').
 */
export async function startServerProcess(
  env: Record<string, string>,
  /** Command-line arguments, e.g. `['--role', 'worker']`. */
  args: string[] = [],
): Promise<TServerProcess> {
  if (!fs.existsSync(SERVER_MAIN)) {
    throw new Error(`${SERVER_MAIN} is missing: run \`npm run build\` first (npm test does).`);
  }
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [SERVER_MAIN, ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
      SEED_DEMO: 'false',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      // Like `npm start`: the dev tools and their secrets, except where production is asked for.
      ...(env.NODE_ENV === 'production' ? {} : { DEV_TOOLS: 'true' }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  child.once('exit', () => live.delete(child));
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  let dead = false;
  void exited.then(() => {
    dead = true;
  });
  for (;;) {
    if (dead) throw new Error(`server exited while starting:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer /healthz within 60 s:\n${output}`);
    }
    const ok = await fetch(`${url}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid as number,
    output: () => output,
    exited,
    kill: (signal) => child.kill(signal),
  };
}

/**
 * Runs the built server with nothing but PATH and `env` (no test defaults: a plain start) and
 * waits for it to exit by itself, as it does when its configuration is refused.
 */
export async function runServerUntilExit(env: Record<string, string>, args: string[] = []) {
  const child = spawn(process.execPath, [SERVER_MAIN, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  // A server that does start would never exit: stop it, and the caller sees the signal.
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exit) => resolve(exit)));
  clearTimeout(timer);
  return { code, output };
}

/** A browser-like client of a running server: keeps cookies, sends the CSRF header on writes. */
export class HttpSession {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly base: string) {}

  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const csrf = this.cookies.get('csrf_token');
    const response = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(method !== 'GET' && csrf ? { 'x-csrf-token': csrf } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      if (name) this.cookies.set(name.trim(), rest.join('='));
    }
    const text = await response.text();
    return { status: response.status, json: () => JSON.parse(text), text };
  }

  /** The Cookie header this session sends (for a stream opened beside it). */
  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async login(email: string, password = 'demo1234') {
    await this.request('GET', '/auth/session');
    const response = await this.request('POST', '/auth/login', { email, password });
    if (response.status !== 200) throw new Error(`login failed: ${response.status} ${response.text}`);
  }
}
