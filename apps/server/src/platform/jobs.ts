// Background work through pg-boss on the same database (PGlite through executeSql, which runs
// parameterless multi-statement SQL with exec). Queues are declared by the modules that own them.
import { type SQL, sql } from 'drizzle-orm';
import { getConstructionPlans, type Db as JobsDb, PgBoss } from 'pg-boss';
import type { Database, DbOrTx } from '../db/client.js';
import { declareQueue, JOB_QUEUES, type TQueueName } from './job-registry.js';

export type TJobRunner = {
  boss: PgBoss;
  stop(): Promise<void>;
};

const JOB_SCHEMA = 'pgboss';
/** Where a job schema made by pg-boss 10 waits while its jobs move over (decision 0072). */
export const JOB_SCHEMA_V10 = 'pgboss_v10';
/** pg-boss 10's schema version; pg-boss 11 rewrote the schema (25) and migrates nothing older. */
const V10_SCHEMA_VERSION = 24;
/** Any number works as long as every node uses the same one. */
const V10_UPGRADE_LOCK_KEY = 7_412_300_072;
/** The jobs pg-boss 10 still had to run. */
const V10_PENDING = `state in ('created', 'retry', 'active')`;

/** Creates pg-boss's tables ahead of its start (test template databases); start skips them then. */
export async function installJobSchema(database: Database): Promise<void> {
  await database.executeSql(getConstructionPlans(JOB_SCHEMA));
}

/** pg-boss's numbered placeholders ($1 … $n) turned into a Drizzle query with the same values. */
function withValues(text: string, values: unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, index) =>
      index % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1] ?? null),
    ),
  );
}

/**
 * pg-boss's `db` option for one transaction. On PGlite this is also the only way in while the
 * transaction is open: the job runner's own connection would wait for it to end.
 */
export function jobsIn(tx: DbOrTx): JobsDb {
  return {
    executeSql: async (text, values) => (await tx.execute(withValues(text, values))) as { rows: unknown[] },
  };
}

/**
 * pg-boss 12 migrates schemas from pg-boss 11's version on, not pg-boss 10's. A job schema that
 * pg-boss 10 made is renamed aside before the start, so pg-boss installs its own afresh;
 * moveV10Jobs then carries the jobs still to run over. Under a lock: one node renames, nodes
 * starting beside it find the schema gone (or already pg-boss 12's) and go on.
 */
async function setAsideV10Schema(database: Database) {
  await database.executeSql(`DO $$ BEGIN
  PERFORM pg_advisory_xact_lock(${V10_UPGRADE_LOCK_KEY});
  -- Two IFs: the version is read (and its query planned) only once its table is known to exist.
  IF to_regclass('${JOB_SCHEMA}.version') IS NOT NULL AND to_regnamespace('${JOB_SCHEMA_V10}') IS NULL THEN
    IF (SELECT max(version) FROM ${JOB_SCHEMA}.version) <= ${V10_SCHEMA_VERSION} THEN
      ALTER SCHEMA ${JOB_SCHEMA} RENAME TO ${JOB_SCHEMA_V10};
    END IF;
  END IF;
END $$`);
}

type TV10Job = {
  id: string;
  name: string;
  data: object | null;
  priority: number;
  retry_limit: number;
  retry_delay: number;
  retry_backoff: boolean;
  start_after: Date | string;
  singleton_key: string | null;
  expire_seconds: number | string;
};

async function v10SchemaPresent(run: (text: string) => Promise<{ rows: unknown[] }>) {
  const { rows } = await run(`select to_regnamespace('${JOB_SCHEMA_V10}') is not null as present`);
  return (rows[0] as { present?: boolean } | undefined)?.present === true;
}

/**
 * The jobs a pg-boss 10 schema set aside still had to run (waiting, to retry, or cut off while
 * active) are sent again with their ids, data, priority, retry settings, start time and singleton
 * key, as waiting jobs; then the old schema is dropped. Jobs of queues the registry no longer lists
 * are left out (counted in `dropped`). Returns what moved; nothing when there is no such schema.
 */
export async function moveV10Jobs(
  database: Database,
  boss: PgBoss,
): Promise<{ moved: number; dropped: number }> {
  const run = (text: string) => database.executeSql(text);
  if (!(await v10SchemaPresent(run))) return { moved: 0, dropped: 0 };
  // The queues first, outside the transaction: on PGlite the runner's own queries wait for it.
  const names = (await run(`select distinct name from ${JOB_SCHEMA_V10}.job where ${V10_PENDING}`)).rows.map(
    (row) => (row as { name: string }).name,
  );
  const known = names.filter((name): name is TQueueName => Object.hasOwn(JOB_QUEUES, name));
  for (const name of known) await declareQueue(boss, name);
  return database.db.transaction(async (tx) => {
    const runTx = async (text: string) => (await tx.execute(sql.raw(text))) as unknown as { rows: unknown[] };
    await runTx(`select pg_advisory_xact_lock(${V10_UPGRADE_LOCK_KEY})`);
    // Another node moved them while this one declared its queues.
    if (!(await v10SchemaPresent(runTx))) return { moved: 0, dropped: 0 };
    const { rows } = await runTx(`select id, name, data, priority, retry_limit, retry_delay, retry_backoff,
        start_after, singleton_key, extract(epoch from expire_in)::float8 as expire_seconds
      from ${JOB_SCHEMA_V10}.job where ${V10_PENDING} order by created_on`);
    const jobs = rows as TV10Job[];
    const db = jobsIn(tx);
    let moved = 0;
    for (const name of known) {
      const ofQueue = jobs.filter((job) => job.name === name);
      await boss.insert(
        name,
        ofQueue.map((job) => ({
          id: job.id,
          data: job.data ?? {},
          priority: job.priority,
          retryLimit: job.retry_limit,
          retryDelay: job.retry_delay,
          retryBackoff: job.retry_backoff,
          startAfter: new Date(job.start_after),
          singletonKey: job.singleton_key ?? undefined,
          expireInSeconds: Math.max(1, Math.round(Number(job.expire_seconds))),
        })),
        { db },
      );
      moved += ofQueue.length;
    }
    await runTx(`drop schema ${JOB_SCHEMA_V10} cascade`);
    return { moved, dropped: jobs.length - moved };
  });
}

export async function startJobRunner(
  database: Database,
  log?: { error(details: object, message: string): void; info?(details: object, message: string): void },
  options: {
    stopTimeoutMs?: number;
    /** False on an api node: it sends jobs, never runs the schedules or pg-boss's maintenance. */
    runsJobs?: boolean;
  } = {},
): Promise<TJobRunner> {
  let stopped = false;
  await setAsideV10Schema(database);
  const boss = new PgBoss({
    db: {
      // A job that outlasts the graceful stop finishes after it, when the database may be closed:
      // pg-boss has already failed it ("shut down while active"; it runs again, as after a crash),
      // and records its end without awaiting it, so a query on the closed pool would be an
      // unhandled rejection (a SIGTERM'd server exiting 1, a test run reporting an error). Once
      // stopped, the runner sends nothing more: each query answers "no job affected", the shape
      // of pg-boss's complete and fail commands.
      executeSql: (text: string, values?: unknown[]) =>
        stopped ? Promise.resolve({ rows: [{ count: 0 }] }) : database.executeSql(text, values),
    },
    schema: JOB_SCHEMA,
    supervise: options.runsJobs ?? true,
    schedule: options.runsJobs ?? true,
    // Supervision (a lost job failed and retried once its expiry passed) every 10 s instead of
    // pg-boss's minute: a translation cut off by a crash is taken up again within about a minute
    // (modules/translation/queue.ts, decision 0056). One node runs it each time. How long ended
    // jobs are kept is each queue's (platform/job-registry.ts); they are deleted hourly.
    superviseIntervalSeconds: 10,
    monitorIntervalSeconds: 10,
    maintenanceIntervalSeconds: 3600,
  });
  boss.on('error', (error) => log?.error({ err: error }, 'job runner error'));
  await boss.start();
  // Nodes that start together declare the same queues at once; PostgreSQL may pick one of them
  // as a deadlock victim (40P01). Declaring is idempotent, so the victim simply declares again.
  const createQueue = boss.createQueue.bind(boss);
  boss.createQueue = async (...args: Parameters<PgBoss['createQueue']>) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await createQueue(...args);
      } catch (error) {
        if ((error as { code?: string }).code !== '40P01' || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 50));
      }
    }
  };
  const upgrade = await moveV10Jobs(database, boss);
  if (upgrade.moved || upgrade.dropped)
    log?.info?.(upgrade, "pg-boss 10's waiting jobs moved to pg-boss 12's schema");
  return {
    boss,
    async stop() {
      try {
        await boss.stop({ graceful: true, timeout: options.stopTimeoutMs ?? 5000 });
      } finally {
        stopped = true;
      }
    },
  };
}
