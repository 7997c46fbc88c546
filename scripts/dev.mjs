// npm run dev: the shared package in watch mode, the server under tsx watch (port 3000) and the
// Vite dev server (port 5173, proxying API calls to 3000). Ctrl+C stops all three. Installs
// dependencies first when needed (scripts/ensure-deps.mjs), as npm start does.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { devToolsEnv } from './dev-tools-env.mjs';
import { ensureDeps } from './ensure-deps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shell = process.platform === 'win32';
ensureDeps();
spawnSync('npx', ['tsc', '-b', 'packages/shared'], { cwd: root, stdio: 'inherit', shell });

const children = [
  spawn('npx', ['tsc', '-b', '-w', '--preserveWatchOutput', 'packages/shared'], {
    cwd: root,
    stdio: 'ignore',
    shell,
  }),
  spawn('npx', ['tsx', 'watch', 'src/main.ts'], {
    cwd: path.join(root, 'apps/server'),
    stdio: 'inherit',
    shell,
    env: { ...process.env, ...devToolsEnv(process.env) },
  }),
  spawn('npx', ['vite'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit', shell }),
];
console.log('Dev servers: web http://localhost:5173 (hot reload), API http://localhost:3000');

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
