// Runs commands as child processes: in chains (one after another, stopping at the first failure)
// with several chains at once. Each command's output is held back and printed whole when it ends,
// so the outputs of commands that run at once do not mix. Uses no dependency.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** `npm run <script> [args]` as a step's command line. */
export const npmRun = (script, ...args) => ['npm', 'run', '--silent', script, ...args];

/** The workspace's TypeScript compiler as a step's command line (no npx in between). */
export const tsc = (...args) => [
  process.execPath,
  path.join(root, 'node_modules/typescript/bin/tsc'),
  ...args,
];

/**
 * Runs the command line; resolves with its exit code (1 after a signal or when it cannot start),
 * its time and its output (stdout and stderr in the order they came).
 */
export function runCommand([command, ...args]) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (text) => {
      output += text;
    });
    child.stderr.setEncoding('utf8').on('data', (text) => {
      output += text;
    });
    const done = (code) => resolve({ code, ms: performance.now() - started, output });
    child.once('error', (error) => {
      output += `Could not start ${command}: ${error.message}\n`;
      done(1);
    });
    child.once('close', (code, signal) => done(signal ? 1 : (code ?? 1)));
  });
}

/**
 * Runs the chains at once; each chain's steps ({label, argv, after?}) one after another. A step
 * with `after` (labels of steps in other chains of this run) starts once those passed: a check of
 * the tests that reads a package's built declarations waits for that build, however the chains'
 * speeds compare. Prints each step's output and time as it ends, and adds {label, code, ms} to
 * `results` when given. Resolves true when every step passed.
 */
export async function runChains(title, chains, results = []) {
  const started = performance.now();
  let failed = false;
  const labels = new Set(chains.flat().map((step) => step.label));
  /** label → { passed: Promise<boolean>, settle } for the steps others wait for. */
  const outcomes = new Map();
  const outcomeOf = (label) => {
    if (!outcomes.has(label)) {
      let settle;
      const passed = new Promise((resolve) => {
        settle = resolve;
      });
      outcomes.set(label, { passed, settle });
    }
    return outcomes.get(label);
  };
  const settleAll = () => {
    for (const label of labels) outcomeOf(label).settle(false);
  };
  await Promise.all(
    chains.map(async (chain) => {
      for (const step of chain) {
        if (failed) return;
        const waits = (step.after ?? []).filter((label) => labels.has(label));
        const ready = await Promise.all(waits.map((label) => outcomeOf(label).passed));
        if (failed || ready.includes(false)) return;
        const result = await runCommand(step.argv);
        outcomeOf(step.label).settle(result.code === 0);
        results.push({ label: step.label, code: result.code, ms: result.ms });
        const status = result.code === 0 ? 'done' : `FAILED (exit ${result.code})`;
        const output = result.output.trimEnd();
        console.log(`${output ? `${output}\n` : ''}> ${step.label} ${status} in ${seconds(result.ms)}`);
        if (result.code !== 0) {
          failed = true;
          settleAll();
          return;
        }
      }
    }),
  );
  console.log(`> ${title} ${failed ? 'failed' : 'done'} in ${seconds(performance.now() - started)}`);
  return !failed;
}
