// `npm run validate`: the checks in order (typecheck, lint, unit and API tests, browser tests),
// each through its own npm script, stopping at the first that fails. Prints how long each stage
// took and the total at the end, also after a failure (then exits non-zero). Uses no dependency.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAGES = ['typecheck', 'lint', 'test:unit', 'test:e2e'];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Runs `npm run <stage>` with the terminal; resolves with its exit code (or 1 after a signal). */
function run(stage) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', stage], {
      cwd: root,
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
    child.once('error', (error) => {
      console.error(`Could not start npm run ${stage}: ${error.message}`);
      resolve(1);
    });
    child.once('close', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
}

const results = [];
const started = performance.now();
let failed;

function summary() {
  const width = Math.max(...STAGES.map((stage) => stage.length));
  const lines = ['', 'Validate stages:'];
  for (const stage of STAGES) {
    const result = results.find((r) => r.stage === stage);
    const status = !result ? 'not run' : result.code === 0 ? 'ok' : `FAILED (exit ${result.code})`;
    const time = result ? seconds(result.ms).padStart(9) : ''.padStart(9);
    lines.push(`  ${stage.padEnd(width)}  ${time}  ${status}`);
  }
  lines.push(`  ${'total'.padEnd(width)}  ${seconds(performance.now() - started).padStart(9)}`);
  console.log(lines.join('\n'));
}

// Ctrl-C reaches the stage's processes too; the times so far are still shown.
process.once('SIGINT', () => {
  summary();
  process.exit(130);
});

for (const stage of STAGES) {
  const stageStarted = performance.now();
  console.log(`\n> validate: ${stage}`);
  const code = await run(stage);
  results.push({ stage, code, ms: performance.now() - stageStarted });
  console.log(
    `> validate: ${stage} ${code === 0 ? 'passed' : 'failed'} in ${seconds(performance.now() - stageStarted)}`,
  );
  if (code !== 0) {
    failed = stage;
    break;
  }
}

summary();
if (failed) {
  console.error(`\nValidation failed at ${failed}.`);
  process.exit(1);
}
