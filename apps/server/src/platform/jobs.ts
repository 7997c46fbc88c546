// Background work through pg-boss on the same database (PGlite through executeSql, which runs
// parameterless multi-statement SQL with exec). Queues are declared by the modules that own them.
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';

export type TJobRunner = {
  boss: PgBoss;
  stop(): Promise<void>;
};

const JOB_SCHEMA = 'pgboss';

/** Creates pg-boss's tables ahead of its start (test template databases); start skips them then. */
export async function installJobSchema(database: Database): Promise<void> {
  await database.executeSql(PgBoss.getConstructionPlans(JOB_SCHEMA));
}

export async function startJobRunner(
  database: Database,
  log?: { error(details: object, message: string): void },
  options: {
    stopTimeoutMs?: number;
    /** False on an api node: it sends jobs, never runs the schedules or pg-boss's maintenance. */
    runsJobs?: boolean;
  } = {},
): Promise<TJobRunner> {
  let stopped = false;
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
    // Supervision (a lost job failed and retried once its expiry passed, then archiving) every 10 s
    // instead of pg-boss's 2 minutes: a translation cut off by a crash is taken up again within
    // about a minute (modules/translation/queue.ts, decision 0056). One node runs it each time.
    maintenanceIntervalSeconds: 10,
    // The app's own rows say what is pending; old job records are not needed for long.
    deleteAfterDays: 7,
    archiveCompletedAfterSeconds: 3600,
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
  return {
    boss,
    async stop() {
      try {
        await boss.stop({ graceful: true, wait: true, timeout: options.stopTimeoutMs ?? 5000 });
      } finally {
        stopped = true;
      }
    },
  };
}
