// npm run cluster: the product as several nodes on one PostgreSQL behind Caddy, on one port: two api
// nodes (HTTP, SSE, agent sockets), one worker (translation jobs, SMS dispatch, schedules). Caddy
// balances the api nodes round-robin, takes a node out while its /readyz fails (a node draining
// after SIGTERM, a node that lost the database) and passes SSE and WebSocket through unbuffered.
//
//   DATABASE_URL=postgres://localhost/message_station npm run cluster
//
// Settings from the environment go to every node (as with npm start: the dev tools unless
// NODE_ENV=production). PORT (default 3000) is Caddy's; the nodes listen on free ports of
// 127.0.0.1. API_NODES (default 2) and WORKER_NODES (default 1) change the counts. The demo station
// is seeded when missing (SEED_DEMO=true) by the first api node. One line per node and a last line
// "cluster ready on <url>" are printed; Ctrl-C (SIGINT) or SIGTERM stops them all, gracefully.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { devToolsEnv } from './dev-tools-env.mjs';
import { ensureDeps } from './ensure-deps.mjs';
import { serverMemoryEnv } from './server-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The nodes run on jemalloc where the system has it, as with npm start (decision 0063).
const env = { ...process.env, ...devToolsEnv(process.env), ...serverMemoryEnv(process.env) };
const port = Number(env.PORT || 3000);
const apiCount = Number(env.API_NODES || 2);
const workerCount = Number(env.WORKER_NODES || 1);

if (!env.DATABASE_URL) {
  console.error(
    'npm run cluster needs PostgreSQL: the nodes share one database (the embedded one opens in one process only).\n' +
      '  createdb message_station && DATABASE_URL=postgres://localhost/message_station npm run cluster',
  );
  process.exit(2);
}
if (spawnSync('caddy', ['version'], { stdio: 'ignore' }).status !== 0) {
  console.error('npm run cluster needs Caddy as its load balancer (Debian: apt-get install caddy).');
  process.exit(2);
}

if (!process.argv.includes('--no-build')) {
  ensureDeps();
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: free } = server.address();
      server.close(() => resolve(free));
    });
  });
}

/** Every process started; all are stopped when one exits or on a signal. */
const children = [];
let stopping = false;

function stopAll(signal) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
}

function start(name, command, args, childEnv) {
  const child = spawn(command, args, { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.setEncoding('utf8').on('data', (text) => {
      const lines = (rest + text).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) console.log(`[${name}] ${line}`);
    });
  }
  child.once('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[${name}] exited (${signal ?? code}); stopping the cluster`);
      stopAll('SIGTERM');
    }
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(stopping ? 0 : 1);
  });
  return child;
}

async function waitForReady(url, what) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (stopping) process.exit(1);
    const ok = await fetch(`${url}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.error(`${what} did not become ready at ${url} within 60 s`);
  stopAll('SIGTERM');
  process.exit(1);
}

for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => stopAll(signal === 'SIGINT' ? 'SIGTERM' : signal));

// Migrations once, before the nodes (each would also run them, one at a time, under a lock).
const migrate = spawnSync(process.execPath, ['apps/server/dist/db/cli.js', 'migrate'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
if (migrate.status !== 0) process.exit(migrate.status ?? 1);

const publicUrl = env.PUBLIC_URL || `http://localhost:${port}`;
const nodes = [
  ...Array.from({ length: apiCount }, (_, i) => ({ name: `api-${i + 1}`, role: 'api' })),
  ...Array.from({ length: workerCount }, (_, i) => ({ name: `worker-${i + 1}`, role: 'worker' })),
];
for (const [index, node] of nodes.entries()) {
  node.port = await freePort();
  node.url = `http://127.0.0.1:${node.port}`;
  start(node.name, process.execPath, ['apps/server/dist/main.js', '--role', node.role], {
    ...env,
    HOST: '127.0.0.1',
    PORT: String(node.port),
    PUBLIC_URL: publicUrl,
    // Behind Caddy: the visitor's address and scheme come from X-Forwarded-For / -Proto.
    TRUST_PROXY: 'true',
    SEED_DEMO: index === 0 ? env.SEED_DEMO || 'true' : 'false',
  });
  // The first node seeds; the others start once it is ready.
  if (index === 0) await waitForReady(node.url, node.name);
}
await Promise.all(nodes.map((node) => waitForReady(node.url, node.name)));

const caddyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ms-caddy-'));
process.on('exit', () => fs.rmSync(caddyDir, { recursive: true, force: true }));
const upstreams = nodes
  .filter((node) => node.role === 'api')
  .map((node) => `127.0.0.1:${node.port}`)
  .join(' ');
const caddyfile = `{
	admin off
	auto_https off
}

:${port} {
	reverse_proxy ${upstreams} {
		lb_policy round_robin
		lb_try_duration 5s
		health_uri /readyz
		health_interval 1s
		health_timeout 2s
		fail_duration 10s
		# Live pages (SSE) are passed on as they come.
		flush_interval -1
		# Each request's id, in the nodes' logs and carried into the work it causes.
		header_up X-Request-Id {http.request.uuid}
	}
}
`;
fs.writeFileSync(path.join(caddyDir, 'Caddyfile'), caddyfile);
start('caddy', 'caddy', ['run', '--config', path.join(caddyDir, 'Caddyfile'), '--adapter', 'caddyfile'], {
  ...process.env,
  HOME: caddyDir,
  XDG_DATA_HOME: caddyDir,
  XDG_CONFIG_HOME: caddyDir,
});
const lb = `http://127.0.0.1:${port}`;
await waitForReady(lb, 'Caddy');
for (const node of nodes) console.log(`node ${node.name} ${node.role} ${node.url}`);
console.log(`cluster ready on ${publicUrl}`);
