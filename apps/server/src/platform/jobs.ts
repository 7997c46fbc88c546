// Background work through pg-boss on the same database (PGlite through executeSql, which runs
// parameterless multi-statement SQL with exec). Queues are declared by the modules that own them.
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';

export type TJobRunner = {
  boss: PgBoss;
  stop(): Promise<void>;
};

export async function startJobRunner(
  database: Database,
  log?: { error(details: object, message: string): void },
): Promise<TJobRunner> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    schema: 'pgboss',
    // The app's own rows say what is pending; old job records are not needed for long.
    deleteAfterDays: 7,
    archiveCompletedAfterSeconds: 3600,
  });
  boss.on('error', (error) => log?.error({ err: error }, 'job runner error'));
  await boss.start();
  return {
    boss,
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}
