// Dispatch across worker processes (decision 0060), with real server processes on one PostgreSQL:
// BENCH_LANES stations, each with its own sender (so its own lane), send BENCH_TEXTS texts in all,
// pacing off, through the real Twilio client to the loopback fake in a process of its own. The
// same texts are drained by one worker process, then by two (BENCH_WORKERS), and for each the
// benchmark prints texts/s, the workers' CPU per text (from /proc), how the texts were spread
// over the workers, and the fake's CPU (whether it is the limit).
// Run: npm run build && npm run bench:dispatch
//   BENCH_PG_URL       a PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
//                      the benchmark creates and drops a database ms_bench_dispatch_<pid> on it
//   BENCH_LANES        stations with their own sender (default 10)
//   BENCH_TEXTS        texts per run (default 12,000)
//   BENCH_WORKERS      worker counts to run, in order (default "1,2")
//   BENCH_REPEAT       runs per worker count (default 2; the median is printed)
//   BENCH_SERVER_MAIN  the built server to run (default apps/server/dist/main.js; a copy of an
//                      older build compares before and after)
//   BENCH_CPU_PROF     a folder: workers run with --cpu-prof there, and each profile's self time
//                      is summed by package
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/client.js';
import { stationSending } from '../apps/server/src/db/schema/index.js';
import { seedDemo } from '../apps/server/src/db/seed.js';
import { createStationWithAdmin, setBilling } from '../apps/server/src/test/factories.js';
import { createMessage } from '../apps/server/src/test/messages-factory.js';
import { freePort, HttpSession, SERVER_MAIN } from '../apps/server/src/test/server-process.js';
import { addSubscribers } from './demo-database.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LANES = Number(process.env.BENCH_LANES ?? 10);
const TEXTS = Number(process.env.BENCH_TEXTS ?? 12_000);
const WORKERS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 2);
const MAIN = path.resolve(process.env.BENCH_SERVER_MAIN ?? SERVER_MAIN);
const PROF = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null;
const PER_LANE = Math.ceil(TEXTS / LANES);
const TOTAL = PER_LANE * LANES;
/** Clock ticks per second of /proc's CPU times. */
const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim() || 100);

if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first`);

/** CPU time a process has used so far, in ms (user + system, from /proc). */
function cpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

type TNode = { url: string; child: ChildProcess; output: () => string };
const started = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of started) child.kill('SIGKILL');
});

async function startNode(env: Record<string, string>, role: 'api' | 'worker'): Promise<TNode> {
  const port = await freePort();
  const nodeArgs = PROF && role === 'worker' ? ['--cpu-prof', `--cpu-prof-dir=${PROF}`] : [];
  const child = spawn(process.execPath, [...nodeArgs, MAIN, '--role', role], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
      SEED_DEMO: 'false',
      DEV_TOOLS: 'true',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  child.once('exit', () => started.delete(child));
  let output = '';
  child.stdout?.on('data', (c) => {
    output += c;
  });
  child.stderr?.on('data', (c) => {
    output += c;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited while starting:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child, output: () => output };
}

async function stopNodes(nodes: TNode[]) {
  await Promise.all(
    nodes.map(
      (n) =>
        new Promise<void>((resolve) => {
          if (n.child.exitCode !== null || n.child.signalCode !== null) return resolve();
          n.child.once('exit', () => resolve());
          n.child.kill('SIGTERM');
        }),
    ),
  );
}

// A database of its own, dropped at the end.
const dbName = `ms_bench_dispatch_${process.pid}`;
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
await admin.query(`create database ${dbName}`);
const dbUrl = new URL(PG_URL);
dbUrl.pathname = `/${dbName}`;
const database = await openPostgres(dbUrl.toString());
try {
  await database.migrate();
  const { db } = database;
  await seedDemo(db, 'http://localhost');

  // The fake, in its own process.
  const fakeChild = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/dispatch-fake.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  started.add(fakeChild);
  const fakeLines: string[] = [];
  let fakeBuffer = '';
  fakeChild.stdout?.on('data', (chunk) => {
    fakeBuffer += chunk;
    const lines = fakeBuffer.split('\n');
    fakeBuffer = lines.pop() ?? '';
    fakeLines.push(...lines.filter(Boolean));
  });
  while (fakeLines.length === 0) {
    if (fakeChild.exitCode !== null) throw new Error('the fake Twilio did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  const fakeUrl = (JSON.parse(fakeLines[0] as string) as { url: string }).url;

  // Stations, each with its own Messaging Service (its own lane), PER_LANE subscribers each.
  const lanes: Awaited<ReturnType<typeof createStationWithAdmin>>[] = [];
  for (let i = 0; i < LANES; i++) {
    const created = await createStationWithAdmin(db, { slug: `kdispatch${i}` });
    await setBilling(db, created.station.id, { smsCreditsBalance: 100_000_000 });
    await db
      .update(stationSending)
      .set({ smsSender: `MG${i.toString(16).padStart(32, '0')}` })
      .where(eq(stationSending.stationId, created.station.id));
    await addSubscribers(db, created.station.id, PER_LANE, 1 + i * PER_LANE);
    lanes.push(created);
  }
  await db.execute(sql`analyze`);
  const env = {
    DATABASE_URL: dbUrl.toString(),
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000060',
    TWILIO_AUTH_TOKEN: 'bench-dispatch',
    TWILIO_FROM_NUMBER: '+15005550006',
    TWILIO_API_BASE_URL: fakeUrl,
    SMS_RATE_PER_SECOND: '0',
  };
  const api = await startNode(env, 'api');
  const sessions = await Promise.all(
    lanes.map(async (lane) => {
      const session = new HttpSession(api.url);
      await session.login(lane.adminEmail);
      return session;
    }),
  );
  const count = async (where: ReturnType<typeof sql>) => {
    const result = await db.execute(sql`select count(*)::int as n from sms_deliveries where ${where}`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  };

  let runNo = 0;
  /** Per worker pid: how long it dispatched, and how long it took to stop afterwards. */
  const windows = new Map<number, { seconds: number; stopSeconds: number }>();
  const run = async (workers: number) => {
    runNo += 1;
    const title = `Dispatch ${runNo}`;
    for (const [i, lane] of lanes.entries()) {
      const message = await createMessage(db, lane.station.id, {
        title,
        original: `${title}.`,
        type: 'emergency',
      });
      const sent = await sessions[i]?.request('POST', `/admin/api/messages/${message.id}/send-sms`);
      if (sent?.status !== 200) throw new Error(`send refused: ${sent?.text}`);
    }
    const load = os.loadavg()[0] ?? 0;
    const nodes = await Promise.all(Array.from({ length: workers }, () => startNode(env, 'worker')));
    const fakePid = fakeChild.pid as number;
    // From the first text sent (start-up is not dispatch) to the last.
    let first: { at: number; open: number; cpu: number[]; fake: number } | undefined;
    for (;;) {
      const open = await count(sql`status in ('queued', 'claimed', 'submitting')`);
      if (!first && open < TOTAL) {
        first = {
          at: performance.now(),
          open,
          cpu: nodes.map((n) => cpuMs(n.child.pid as number)),
          fake: cpuMs(fakePid),
        };
      }
      if (open === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const seconds = (performance.now() - (first?.at ?? 0)) / 1000;
    const cpu = nodes.map((n, i) => cpuMs(n.child.pid as number) - (first?.cpu[i] ?? 0));
    const fakeCpu = cpuMs(fakePid) - (first?.fake ?? 0);
    // Who sent what: a sent row keeps its holder (`{dispatcher}/{run}`), whose id starts with the pid.
    const spread = (await db.execute(sql`
      select split_part(split_part(claimed_by, '/', 1), '-', 1) as pid, count(*)::int as n,
        count(distinct lane)::int as lanes
      from sms_deliveries d join sms_sends s on s.id = d.send_id
      join messages m on m.id = s.message_id
      where m.title = ${title} and d.status = 'sent' group by 1 order by 2 desc`)) as unknown as {
      rows: { pid: string; n: number; lanes: number }[];
    };
    const stopStart = performance.now();
    await stopNodes(nodes);
    const stopSeconds = (performance.now() - stopStart) / 1000;
    // A worker's profile ends when it exits: its dispatch is the stretch before its shutdown.
    for (const n of nodes) windows.set(n.child.pid as number, { seconds, stopSeconds });
    const texts = first?.open ?? 0;
    return {
      rate: texts / seconds,
      cpuPerText: cpu.reduce((a, b) => a + b, 0) / texts,
      fakeShare: fakeCpu / (seconds * 1000),
      spread: spread.rows.map((r) => `${r.n} texts on ${r.lanes} lanes`).join(' / '),
      load,
      seconds,
    };
  };

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const results = new Map<number, Awaited<ReturnType<typeof run>>[]>();
  for (let r = 0; r < REPEAT; r++) {
    for (const workers of WORKERS) {
      const result = await run(workers);
      results.set(workers, [...(results.get(workers) ?? []), result]);
      console.log(
        `  run ${r + 1}, ${workers} worker(s): ${Math.round(result.rate)} texts/s in ${result.seconds.toFixed(1)} s, ${result.cpuPerText.toFixed(3)} ms worker CPU per text, fake ${Math.round(result.fakeShare * 100)} % of a core, load ${result.load.toFixed(1)}; ${result.spread}`,
      );
    }
  }
  // A worker's own upkeep with nothing to send (job polling, the lane look every second,
  // schedules), in CPU ms per second: part of each run's CPU per text grows with its length.
  const idle = await startNode(env, 'worker');
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const idleFrom = { cpu: cpuMs(idle.child.pid as number), at: performance.now() };
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const idleRate =
    (cpuMs(idle.child.pid as number) - idleFrom.cpu) / ((performance.now() - idleFrom.at) / 1000);
  await stopNodes([idle]);
  await stopNodes([api]);
  fakeChild.kill('SIGTERM');
  await new Promise((resolve) => fakeChild.once('exit', resolve));
  const served = JSON.parse(fakeLines.at(-1) as string) as {
    sends: number;
    connections: number;
    rejected: number;
  };

  console.log(
    `dispatch on PostgreSQL, pacing off, ${TOTAL.toLocaleString('en-US')} texts on ${LANES} lanes per run, ${os.cpus().length} cores (${new Date().toISOString().slice(0, 10)}), server ${path.relative(root, MAIN)}`,
  );
  const base = median((results.get(WORKERS[0] as number) ?? []).map((r) => r.rate));
  for (const workers of WORKERS) {
    const rs = results.get(workers) ?? [];
    const rate = median(rs.map((r) => r.rate));
    console.log(
      `${workers} worker(s)  ${Math.round(rate).toLocaleString('en-US')} texts/s [${rs.map((r) => Math.round(r.rate)).join(', ')}] (×${(rate / base).toFixed(2)}), worker CPU ${median(rs.map((r) => r.cpuPerText)).toFixed(3)} ms per text, fake ${Math.round(median(rs.map((r) => r.fakeShare)) * 100)} % of a core`,
    );
  }
  console.log(
    `an idle worker uses ${idleRate.toFixed(1)} ms of CPU per second (its upkeep): in a run of s seconds with w workers, w × s × ${idleRate.toFixed(1)} ms of the CPU counted above is not dispatch`,
  );
  console.log(
    `the fake served ${served.sends.toLocaleString('en-US')} sends on ${served.connections.toLocaleString('en-US')} TCP connections; refused ${served.rejected}`,
  );
  if (PROF) summariseProfiles(PROF, windows);
} finally {
  await database.close();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}

/**
 * Self time of every profile in `dir` within its worker's dispatch (start-up and shutdown left
 * out), summed by package (node_modules name, Node's own, ours).
 */
function summariseProfiles(dir: string, windows: Map<number, { seconds: number; stopSeconds: number }>) {
  const byGroup = new Map<string, number>();
  let total = 0;
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as {
      nodes: { id: number; callFrame: { url: string; functionName: string } }[];
      samples: number[];
      timeDeltas: number[];
      startTime: number;
      endTime: number;
    };
    const pid = Number(file.split('.')[3]); // CPU.{date}.{time}.{pid}.{thread}.{n}.cpuprofile
    const window = windows.get(pid);
    if (!window) continue;
    const to = profile.endTime - window.stopSeconds * 1e6;
    const from = to - window.seconds * 1e6;
    const group = new Map<number, string>();
    for (const node of profile.nodes) {
      const { url, functionName } = node.callFrame;
      let name: string;
      const modules = url.lastIndexOf('/node_modules/');
      if (modules >= 0) {
        const parts = url.slice(modules + '/node_modules/'.length).split('/');
        name = parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] as string);
      } else if (url.startsWith('node:')) {
        const rest = url.slice(5).replace(/^internal\//, '');
        name = `node:${rest.split('/')[0]?.replace(/\.js$/, '')}`;
      } else if (url.includes('/apps/server/') || url.includes('/packages/shared/'))
        name = 'ours (apps/server, packages/shared)';
      else if (url === '') name = functionName === '(idle)' ? '(idle)' : functionName || '(native)';
      else name = url;
      group.set(node.id, name);
    }
    let at = profile.startTime;
    profile.samples.forEach((id, i) => {
      const name = group.get(id) ?? '?';
      const us = profile.timeDeltas[i] ?? 0;
      at += us;
      if (name === '(idle)' || at < from || at > to) return;
      byGroup.set(name, (byGroup.get(name) ?? 0) + us);
      total += us;
    });
  }
  console.log(
    `CPU profile of the workers while they dispatched (${dir}), self time by package, idle left out:`,
  );
  for (const [name, us] of [...byGroup].sort((a, b) => b[1] - a[1]).slice(0, 14)) {
    console.log(`  ${((100 * us) / total).toFixed(1).padStart(5)} %  ${name}`);
  }
}
