// The job registry (job-registry.ts) against the sources: every queue that is sent to, worked or
// declared is listed, each listed queue is declared and worked where the registry says, and the
// queues' options and schedules are what pg-boss is given.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { PgBoss } from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { declareQueue, JOB_QUEUES, scheduleQueue, type TQueueName } from './job-registry.js';

const SRC = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const sources = sourceFiles(SRC).map((path) => ({
  file: relative(SRC, path).replaceAll('\\', '/'),
  code: readFileSync(path, 'utf8'),
}));
const names = Object.keys(JOB_QUEUES) as TQueueName[];

/** Each file's queue-name constants: `export const X_QUEUE = 'name' satisfies TQueueName`. */
function queueConstants(code: string): Map<string, string> {
  return new Map(
    [...code.matchAll(/const (\w+_QUEUE) = '([^']+)'( satisfies TQueueName)?/g)].map((match) => {
      expect(match[3], `${match[1]} must be typed TQueueName`).toBeDefined();
      return [match[1] ?? '', match[2] ?? ''];
    }),
  );
}
const constants = sources.flatMap(({ code }) => [...queueConstants(code)]);
const valuesOf = (constant: string) =>
  constants.filter(([name]) => name === constant).map(([, value]) => value);

/** The first argument of each call of `pattern` in the sources: a queue's constant. */
function queueArguments(pattern: RegExp) {
  return sources.flatMap(({ file, code }) =>
    [...code.matchAll(pattern)].map((match) => ({ file, argument: match[1] ?? '' })),
  );
}

describe('the job registry', () => {
  it('lists every queue that a module names, sends to or works', () => {
    for (const [constant, value] of constants) expect(names, constant).toContain(value);
    // platform/jobs.ts moves pg-boss 10's jobs to queues it takes from JOB_QUEUES (decision 0072).
    const used = queueArguments(
      /boss\.(?:send|sendAfter|work|insert|fetch)(?:<[^>]*>)?\(\s*([^,)\s]+)/g,
    ).filter(({ file, argument }) => !(file === 'platform/jobs.ts' && argument === 'name'));
    expect(used.length).toBeGreaterThan(10);
    for (const { file, argument } of used) {
      expect(argument, `${file}: a queue is named by its constant`).toMatch(/^\w+_QUEUE$/);
      expect(valuesOf(argument).length, `${file}: ${argument}`).toBeGreaterThan(0);
      for (const value of valuesOf(argument)) expect(names).toContain(value);
    }
  });

  it('is the only place queues are declared and scheduled, and each is declared and worked by its owner', () => {
    const direct = sources.filter(
      ({ file, code }) =>
        file !== 'platform/job-registry.ts' &&
        file !== 'platform/jobs.ts' &&
        /boss\.(createQueue|schedule)\(/.test(code),
    );
    expect(direct.map(({ file }) => file)).toEqual([]);
    const declared = queueArguments(/declareQueue\(\s*boss,\s*(\w+)/g).flatMap(({ argument }) =>
      valuesOf(argument),
    );
    const scheduled = queueArguments(/scheduleQueue\(\s*boss,\s*(\w+)/g).flatMap(({ argument }) =>
      valuesOf(argument),
    );
    for (const name of names) {
      const queue = JOB_QUEUES[name];
      expect(declared, name).toContain(name);
      expect(scheduled.includes(name), `${name} scheduled`).toBe('cron' in queue);
      expect(queue.worker.startsWith(`modules/${queue.owner}/`), name).toBe(true);
      const worker = sources.find(({ file }) => file === queue.worker);
      const worked = [...(worker?.code ?? '').matchAll(/boss\.work(?:<[^>]*>)?\(\s*(\w+)/g)].flatMap(
        (match) => valuesOf(match[1] ?? ''),
      );
      expect(worked, `${name} is worked in ${queue.worker}`).toContain(name);
    }
  });

  it('gives pg-boss the queues, options and schedules the server has always had', async () => {
    const calls: unknown[][] = [];
    const boss = {
      createQueue: async (...args: unknown[]) => void calls.push(['createQueue', ...args]),
      schedule: async (...args: unknown[]) => void calls.push(['schedule', ...args]),
    } as unknown as PgBoss;
    for (const name of names) {
      await declareQueue(boss, name, name === 'translate' ? { expireInSeconds: 45 } : {});
      if ('cron' in JOB_QUEUES[name]) await scheduleQueue(boss, name);
    }
    await declareQueue(boss, 'inbox-translate', { retryDelaySeconds: 0 });
    const retried = { retryLimit: 3, retryDelay: 2, retryBackoff: true };
    // Ended jobs are kept a day (job-registry.ts ENDED_JOB_SECONDS).
    const kept = { deleteAfterSeconds: 86_400 };
    expect(calls).toEqual([
      ['createQueue', 'sms-dispatch', kept],
      ['createQueue', 'sms-dispatch-sweep', kept],
      ['schedule', 'sms-dispatch-sweep', '* * * * *'],
      ['createQueue', 'translate', { ...kept, ...retried, expireInSeconds: 45 }],
      ['createQueue', 'translate-sweep', kept],
      ['schedule', 'translate-sweep', '* * * * *'],
      ['createQueue', 'inbox-translate', { ...kept, ...retried }],
      ['createQueue', 'schedules-due', kept],
      ['schedule', 'schedules-due', '* * * * *'],
      ['createQueue', 'weather-poll', { ...kept, policy: 'stately' }],
      ['schedule', 'weather-poll', '* * * * *'],
      ['createQueue', 'weather-auto-send', { ...kept, policy: 'stately' }],
      ['createQueue', 'webhooks-wake', kept],
      ['createQueue', 'webhooks-prune', kept],
      ['schedule', 'webhooks-prune', '17 * * * *'],
      ['createQueue', 'rate-limits-cleanup', kept],
      ['schedule', 'rate-limits-cleanup', '17 * * * *'],
      ['createQueue', 'sign-in-locked-email', kept],
      ['createQueue', 'billing-payment-deadlines', kept],
      ['schedule', 'billing-payment-deadlines', '7 * * * *'],
      ['createQueue', 'inbox-translate', { ...kept, retryLimit: 3, retryDelay: 0, retryBackoff: false }],
    ]);
    // A setting its owner did not pass is left to pg-boss (which refuses an undefined option).
    calls.length = 0;
    await declareQueue(boss, 'translate');
    expect(calls).toEqual([['createQueue', 'translate', { ...kept, ...retried }]]);
    await expect(scheduleQueue(boss, 'translate')).rejects.toThrow(/no schedule/);
  });
});
