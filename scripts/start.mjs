// npm start: install if needed, build (not with --no-build), then run the server with the dev tools
// (which migrates the database, seeds a new embedded one, serves http://localhost:3000 and prints
// the demo logins) and the memory allocator of scripts/server-env.mjs.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { devToolsEnv } from './dev-tools-env.mjs';
import { ensureDeps } from './ensure-deps.mjs';
import { serverMemoryEnv } from './server-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shell = process.platform === 'win32';

ensureDeps();

// `--no-build`: run what was built last (as `npm run cluster -- --no-build`); the rest is the server's.
const args = process.argv.slice(2);
if (!args.includes('--no-build')) {
  console.log('Building...');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit', shell });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const serverArgs = args.filter((arg) => arg !== '--no-build');
const server = spawn(process.execPath, ['apps/server/dist/main.js', ...serverArgs], {
  cwd: root,
  stdio: 'inherit',
  // jemalloc where the system has it (decision 0063): memory the server has done with goes back.
  env: { ...process.env, ...devToolsEnv(process.env), ...serverMemoryEnv(process.env) },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
