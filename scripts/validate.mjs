// `npm run validate`: the checks in order (typecheck, lint, unit and API tests, browser tests),
// stopping at the first that fails. `npm test` runs it with --build: dependencies installed when
// needed, then the build, the typechecks and lint at once (three lines of work on two cores: about
// 40 s instead of 48 s one after another), then the tests. Prints how long each stage (and each
// step of the first) took and the total at the end, also after a failure (then exits non-zero).
// Uses no dependency.
import { spawn } from 'node:child_process';
import { buildPackages, buildWeb, lint, typecheckE2e, typecheckTests, typecheckWeb } from './lib/steps.mjs';
import { root, runChains, seconds } from './lib/tasks.mjs';

const withBuild = process.argv.includes('--build');

/** Runs a command with the terminal; resolves with its exit code (or 1 after a signal). */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
    child.once('error', (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      resolve(1);
    });
    child.once('close', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
}

const npmStage = (name) => ({ name, run: () => run('npm', ['run', name]) });

/** Each finished stage's exit code and time, and the steps of a stage that ran several at once. */
const results = new Map();

/**
 * Build, typechecks and lint as three chains at once, the longest first (the packages' build, then
 * their biggest tests' check); each step's time goes into the summary.
 */
const [serverTests, sharedTests, agentTests] = typecheckTests;
const buildAndChecks = {
  name: 'build, typecheck, lint',
  steps: [],
  async run() {
    const ok = await runChains(
      'build, typecheck, lint',
      [
        [...buildPackages, serverTests],
        [buildWeb, lint, sharedTests, agentTests, typecheckE2e],
        [typecheckWeb],
      ],
      this.steps,
    );
    return ok ? 0 : 1;
  },
};

const STAGES = withBuild
  ? [
      { name: 'dependencies', run: () => run(process.execPath, ['scripts/ensure-deps.mjs']) },
      buildAndChecks,
      npmStage('test:unit'),
      npmStage('test:e2e'),
    ]
  : ['typecheck', 'lint', 'test:unit', 'test:e2e'].map(npmStage);

const started = performance.now();
let failed;

function summary() {
  const rows = STAGES.flatMap((stage) => [
    { name: stage.name, result: results.get(stage.name) },
    ...(stage.steps ?? []).map((step) => ({ name: `  ${step.label}`, result: step, step: true })),
  ]);
  const width = Math.max(...rows.map((row) => row.name.length));
  const lines = ['', 'Validate stages:'];
  for (const { name, result, step } of rows) {
    const status = !result
      ? 'not run'
      : result.code === 0
        ? step
          ? ''
          : 'ok'
        : `FAILED (exit ${result.code})`;
    const time = result ? seconds(result.ms).padStart(9) : ''.padStart(9);
    lines.push(`  ${name.padEnd(width)}  ${time}  ${status}`.trimEnd());
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
  console.log(`\n> validate: ${stage.name}`);
  const code = await stage.run();
  results.set(stage.name, { code, ms: performance.now() - stageStarted });
  console.log(
    `> validate: ${stage.name} ${code === 0 ? 'passed' : 'failed'} in ${seconds(performance.now() - stageStarted)}`,
  );
  if (code !== 0) {
    failed = stage.name;
    break;
  }
}

summary();
if (failed) {
  console.error(`\nValidation failed at ${failed}.`);
  process.exit(1);
}
