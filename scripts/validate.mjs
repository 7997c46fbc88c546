// `npm run validate`: the checks in order (typecheck, lint, unit and API tests, browser tests),
// stopping at the first that fails. `npm test` runs it with --build: dependencies installed when
// needed, then the build, the typechecks and lint at once (three lines of work on two cores: about
// 44 s instead of 48 s one after another), then the tests, the journeys' database made during the
// unit tests. Prints how long each stage (and each step of the first) took and the total at the
// end, also after a failure (then exits non-zero). Uses no dependency.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildPackages, buildWeb, lint, typecheckE2e, typecheckTests, typecheckWeb } from './lib/steps.mjs';
import { root, runChains, seconds } from './lib/tasks.mjs';

const withBuild = process.argv.includes('--build');

/** Runs a command with the terminal; resolves with its exit code (or 1 after a signal). */
function run(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env,
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
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

const [serverTests, sharedTests, agentTests] = typecheckTests;
/** The first visits' weight budget on the fresh web build (scripts/page-weight.mjs, decision 0062). */
const pageWeight = { label: 'page weight', argv: [process.execPath, 'scripts/page-weight.mjs'] };
/**
 * Build, typechecks and lint as three chains at once, the longest first (the packages' build, then
 * their biggest tests' check); each step's time goes into the summary.
 */
const buildAndChecks = {
  name: 'build, typecheck, lint',
  steps: [],
  async run() {
    const ok = await runChains(
      'build, typecheck, lint',
      [
        [...buildPackages, serverTests],
        [buildWeb, pageWeight, lint, sharedTests, agentTests, typecheckE2e],
        [typecheckWeb],
      ],
      this.steps,
    );
    return ok ? 0 : 1;
  },
};

/**
 * The browser journeys' server starts on a migrated embedded database: made while the unit tests
 * run (their waits on processes and timers leave CPU free), instead of after them, when the
 * journeys wait for it (initdb and the migrations: about 4 s). The server seeds the demo station
 * itself. If it cannot be made, the journeys' server makes its own as before.
 */
const journeysDatabase = {
  dir: undefined,
  made: Promise.resolve(false),
  start() {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ms-e2e-'));
    this.made = new Promise((resolve) => {
      const child = spawn(process.execPath, ['apps/server/dist/db/cli.js', 'migrate'], {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', DATA_DIR: this.dir },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let errors = '';
      child.stderr.setEncoding('utf8').on('data', (text) => {
        errors += text;
      });
      child.once('error', () => resolve(false));
      child.once('close', (code) => {
        if (code !== 0) console.error(`The journeys' database was not made ahead (${errors.trim()}).`);
        resolve(code === 0);
      });
    });
  },
  async env() {
    return (await this.made) ? { ...process.env, E2E_DATA_DIR: this.dir } : process.env;
  },
  /** Once nothing uses it any more (also after an earlier stage failed). */
  async remove() {
    await this.made;
    if (this.dir) fs.rmSync(this.dir, { recursive: true, force: true });
  },
};

const STAGES = withBuild
  ? [
      {
        // Installed when needed, then no package may be outside its Node.js range (EBADENGINE).
        name: 'dependencies',
        run: async () =>
          (await run(process.execPath, ['scripts/ensure-deps.mjs'])) ||
          run(process.execPath, ['scripts/check-engines.mjs']),
      },
      buildAndChecks,
      {
        name: 'test:unit',
        run: () => {
          journeysDatabase.start();
          return run('npm', ['run', 'test:unit']);
        },
      },
      {
        name: 'test:e2e',
        run: async () => run('npm', ['run', 'test:e2e'], await journeysDatabase.env()),
      },
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
  if (journeysDatabase.dir) fs.rmSync(journeysDatabase.dir, { recursive: true, force: true });
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

await journeysDatabase.remove();
summary();
if (failed) {
  console.error(`\nValidation failed at ${failed}.`);
  process.exit(1);
}
