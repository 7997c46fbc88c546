// What the node-stall test and benchmark share (decision 0056): a prepared database for a spawned
// server, a /healthz prober that records how long each answer took, a flood of tiny agent frames,
// and a logo upload over multipart.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Database, openPglite } from '../db/client.js';
import { createTestDatabase, createTestDataDir } from './db.js';
import { createStationWithAdmin } from './factories.js';
import type { HttpSession } from './server-process.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * A database with stations `slugs` (English and Spanish), each with its admin (API access is an
 * admin's by default: agents connect with the admin's key). PGlite is closed again, as only one
 * process may open it. `remove()` deletes it.
 */
export async function prepareServerDatabase(
  slugs: string[],
  options: {
    postgres?: boolean;
    /** Outside Vitest (the benchmark): how to open the PostgreSQL database, or make the PGlite folder. */
    openPostgres?: () => Promise<Database & { url: string }>;
    makeDataDir?: () => string;
  } = {},
) {
  let database: Database & { url?: string };
  let dir: string | undefined;
  if (options.postgres) {
    database = options.openPostgres ? await options.openPostgres() : await createTestDatabase();
  } else {
    dir = options.makeDataDir ? options.makeDataDir() : createTestDataDir('ms-stall-');
    database = await openPglite(dir);
    await database.migrate();
  }
  const stations = [];
  for (const slug of slugs) {
    const made = await createStationWithAdmin(database.db, { slug, languages: ['en', 'es'] });
    stations.push({ slug, stationId: made.station.id, adminId: made.admin.id, adminEmail: made.adminEmail });
  }
  if (!options.postgres) await database.close();
  const env: Record<string, string> = options.postgres
    ? { DATABASE_URL: database.url as string }
    : { DATA_DIR: dir as string };
  return {
    env,
    stations,
    async remove() {
      if (options.postgres) await database.close();
      else if (dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Asks /healthz one request after another until stopped; every answer's time and status. */
export function probeHealth(baseUrl: string) {
  const samples: { ms: number; status: number }[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const status = await fetch(`${baseUrl}/healthz`)
        .then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        })
        .catch(() => 0);
      samples.push({ ms: performance.now() - started, status });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    samples,
    async stop() {
      running = false;
      await done;
      return samples;
    },
  };
}

/** p50, p99 and max of the probe's times, as "1.2 / 3.4 / 5.6 ms". */
export function latencyFigures(samples: { ms: number }[]) {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  const figures = { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? Number.NaN };
  return {
    ...figures,
    text: `${figures.count} answers, p50 ${figures.p50.toFixed(1)} / p99 ${figures.p99.toFixed(1)} / max ${figures.max.toFixed(1)} ms`,
  };
}

/** A station's API key for its admin (the agent's credentials). */
export async function adminApiKey(admin: HttpSession, adminId: string): Promise<string> {
  const response = await admin.request('POST', `/admin/api/users/${adminId}/api-key`);
  if (response.status !== 200) throw new Error(`api key: ${response.status} ${response.text}`);
  return response.json().api_key as string;
}

/**
 * The flooding agent, run in a child process of its own so that sending does not slow the
 * probe: opens an agent socket, says hello, then sends `count` tiny frames as fast as the socket
 * takes them, and prints the close code (or null if the server never closed it) and how many it sent.
 */
const FLOODER = `
import WebSocket from 'ws';
const [url, station, key, count] = process.argv.slice(1);
const socket = new WebSocket(url, { headers: { 'x-station-id': station, authorization: 'Bearer ' + key } });
socket.on('error', () => {});
const closed = new Promise((resolve) => socket.once('close', (code) => resolve(code)));
await new Promise((resolve) => socket.once('open', resolve));
const welcome = new Promise((resolve) => socket.on('message', (d) => String(d).includes('"welcome"') && resolve()));
socket.send(JSON.stringify({ type: 'hello', info: { client_id: 'flooder-0001', client_name: 'Flooder',
  platform: 'Linux 6.1 (x64)', audio_output_device: null, voices: { en: 'en-us' }, client_version: '2.0.1' } }));
await welcome;
let sent = 0;
for (; sent < Number(count) && socket.readyState === WebSocket.OPEN; sent++) {
  socket.send('{"type":"heartbeat"}');
  if (sent % 1000 === 999) await new Promise((resolve) => setImmediate(resolve));
}
const code = await Promise.race([closed, new Promise((resolve) => setTimeout(() => resolve(null), 30000))]);
console.log(JSON.stringify({ code, sent }));
process.exit(0);
`;

export async function floodAgentFrames(baseUrl: string, station: string, apiKey: string, count: number) {
  const url = `${baseUrl.replace(/^http/, 'ws')}/agent/v1/ws`;
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', FLOODER, url, station, apiKey, String(count)],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  await new Promise((resolve) => child.once('exit', resolve));
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as { code: number | null; sent: number };
}

/** Uploads `bytes` as the station logo (multipart field `logo`), as the Settings page does. */
export async function uploadLogo(baseUrl: string, admin: HttpSession, filename: string, bytes: Buffer) {
  const cookie = admin.cookieHeader();
  const csrf = /(?:^|; )csrf_token=([^;]+)/.exec(cookie)?.[1] ?? '';
  const form = new FormData();
  form.append('logo', new Blob([new Uint8Array(bytes)]), filename);
  const response = await fetch(`${baseUrl}/admin/api/station/logo`, {
    method: 'POST',
    headers: { cookie, 'x-csrf-token': csrf },
    body: form,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** A gauge's value in the /metrics text (NaN when absent). */
export async function metricValue(baseUrl: string, name: string): Promise<number> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.split(' ').at(-1)) : Number.NaN;
}

/**
 * The server's own event-loop delay (prom-client's monitorEventLoopDelay, reset at each scrape):
 * its max and p99 since the previous call, in milliseconds.
 */
export async function eventLoopDelay(baseUrl: string) {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const read = (name: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    return line ? Number(line.split(' ').at(-1)) * 1000 : Number.NaN;
  };
  return { p99: read('nodejs_eventloop_lag_p99_seconds'), max: read('nodejs_eventloop_lag_max_seconds') };
}
