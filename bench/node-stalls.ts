// Node stalls benchmark (decision 0056): how long /healthz takes on the real server
// (apps/server/dist/main.js) while one client does its worst: a desktop agent key sending 100,000
// tiny WebSocket frames, and logo uploads (a 65 KB PNG of 4096 × 4096 pixels, refused by its
// header, then the largest accepted logo, 2000 × 2000, decoded in a worker thread). Prints the
// /healthz p50 / p99 / max of each case, a quiet baseline first, and the server's own event-loop
// delay (prom-client's monitorEventLoopDelay, from /metrics).
//
// Run after `npm run build`:
//   npm run bench:node-stalls                                                   (embedded PGlite)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_stalls npm run bench:node-stalls
//       (PostgreSQL; the database is created and dropped by the benchmark)
// Knobs: BENCH_FRAMES (100000), BENCH_LOGOS (5: uploads of the largest accepted logo),
//        BENCH_BASELINE_MS (5000).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPostgres } from '../apps/server/src/db/client.js';
import { blankPng } from '../apps/server/src/test/blank-png.js';
import { HttpSession, startServerProcess } from '../apps/server/src/test/server-process.js';
import {
  adminApiKey,
  eventLoopDelay,
  floodAgentFrames,
  latencyFigures,
  metricValue,
  prepareServerDatabase,
  probeHealth,
  uploadLogo,
} from '../apps/server/src/test/stall-probe.js';
import { recreatePostgresDatabase } from './lib.js';

const FRAMES = Number(process.env.BENCH_FRAMES ?? 100_000);
const LOGOS = Number(process.env.BENCH_LOGOS ?? 5);
const BASELINE_MS = Number(process.env.BENCH_BASELINE_MS ?? 5000);

const pgUrl = process.env.DATABASE_URL;
const dropDatabase = pgUrl ? await recreatePostgresDatabase(pgUrl) : async () => {};
const prepared = await prepareServerDatabase(['benchfm'], {
  postgres: Boolean(pgUrl),
  makeDataDir: () => fs.mkdtempSync(path.join(os.tmpdir(), 'ms-bench-stalls-')),
  openPostgres: async () => {
    const database = await openPostgres(pgUrl as string);
    await database.migrate();
    return Object.assign(database, { url: pgUrl as string });
  },
});
const [station] = prepared.stations as [(typeof prepared.stations)[number]];
const server = await startServerProcess({ ...prepared.env, LOG_LEVEL: 'error' });
const rows: string[] = [];

async function measure(label: string, work: () => Promise<string>) {
  await eventLoopDelay(server.url);
  const probe = probeHealth(server.url);
  const note = await work();
  const samples = await probe.stop();
  const loop = await eventLoopDelay(server.url);
  const figures = latencyFigures(samples);
  const failed = samples.filter((s) => s.status !== 200).length;
  rows.push(
    `| ${label} | ${figures.count} | ${figures.p50.toFixed(1)} | ${figures.p99.toFixed(1)} | ${figures.max.toFixed(1)} | ${loop.max.toFixed(1)} | ${failed} | ${note} |`,
  );
}

try {
  const admin = new HttpSession(server.url);
  await admin.login(station.adminEmail);
  const key = await adminApiKey(admin, station.adminId);
  const huge = blankPng(4096, 4096);
  const largest = blankPng(2000, 2000);

  await measure('quiet (baseline)', async () => {
    await new Promise((resolve) => setTimeout(resolve, BASELINE_MS));
    return '';
  });
  await measure(`agent flood, ${FRAMES.toLocaleString('en')} frames`, async () => {
    const flood = await floodAgentFrames(server.url, station.slug, key, FRAMES);
    const dropped = await metricValue(server.url, 'agent_frames_dropped_total');
    return `closed with ${flood.code} after ${flood.sent.toLocaleString('en')} sent; ${dropped} dropped unread`;
  });
  await measure('4096 × 4096 PNG (65 KB), refused', async () => {
    const answer = await uploadLogo(server.url, admin, 'huge.png', huge);
    return `${answer.status} ${String(answer.json.code)} (${(huge.length / 1024).toFixed(0)} KB)`;
  });
  await measure(`2000 × 2000 PNG × ${LOGOS}, decoded in the worker`, async () => {
    const started = performance.now();
    const statuses: number[] = [];
    for (let i = 0; i < LOGOS; i++)
      statuses.push((await uploadLogo(server.url, admin, 'largest.png', largest)).status);
    const each = (performance.now() - started) / LOGOS;
    return `${statuses.join(', ')}; ${each.toFixed(0)} ms per upload`;
  });

  console.log(
    `\nNode stalls (${pgUrl ? 'PostgreSQL' : 'PGlite'}), /healthz while one client does its worst:\n`,
  );
  console.log('| case | answers | p50 ms | p99 ms | max ms | server event-loop max ms | not 200 | notes |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  server.kill('SIGTERM');
  await server.exited;
  await prepared.remove();
  await dropDatabase();
}
