// What /metrics reads of the translation queue: pg-boss's translate jobs by state, with the age of
// the oldest in each (a job waiting long in "created" means no worker is taking them).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { TRANSLATE_QUEUE } from './queue.js';

export async function translationJobsByState(
  db: Db,
  now: Date,
): Promise<{ state: string; count: number; oldestSeconds: number }[]> {
  const result = await db.execute(sql`
    select state, count(*)::int as count,
      extract(epoch from (${now.toISOString()}::timestamptz - min(created_on)))::float8 as oldest
    from pgboss.job where name = ${TRANSLATE_QUEUE} group by state`);
  const rows = (result as unknown as { rows: { state: string; count: number; oldest: number }[] }).rows;
  return rows.map((r) => ({
    state: r.state,
    count: Number(r.count),
    oldestSeconds: Math.max(0, Number(r.oldest)),
  }));
}
