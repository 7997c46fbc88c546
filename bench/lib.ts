// What the translation benchmarks share: whether the local Apertium is installed, the alerts they
// translate, and how a series of timings is summed up.
import { execFileSync } from 'node:child_process';

/** Whether `command` runs here (`apertium -l`, `apertium-apy -h`). */
export function commandRuns(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export const hasApertium = commandRuns('apertium', ['-l']);

export const SENTENCES = [
  'Please use Oak Avenue while Main Street is closed for repairs.',
  'The school bus will arrive twenty minutes late this morning.',
  'A severe thunderstorm warning is in effect until 9 PM tonight.',
  'The community center opens at noon on Saturday for the food drive.',
  'Water service will be interrupted between 10 AM and 2 PM.',
];

/** Median, p95 and max of a series of milliseconds, as "12.3 / 45.6 / 78.9 ms". */
export function summarize(samples: number[]): { median: number; p95: number; max: number; text: string } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  const median = at(0.5);
  const p95 = at(0.95);
  const max = sorted.at(-1) ?? Number.NaN;
  return { median, p95, max, text: `${median.toFixed(1)} / ${p95.toFixed(1)} / ${max.toFixed(1)} ms` };
}
