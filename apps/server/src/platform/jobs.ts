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
): Promise<TJobRunner> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    schema: JOB_SCHEMA,
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
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}
