// Scheduled sends (message_schedules) and their runs (message_schedule_runs); every query is a
// station's, except the sweep, which takes the next due schedule of any station.
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { messageScheduleRuns, messageSchedules } from '../../db/schema/owned/schedules.js';

export type TScheduleRow = typeof messageSchedules.$inferSelect;
export type TScheduleInsert = typeof messageSchedules.$inferInsert;
export type TRunRow = typeof messageScheduleRuns.$inferSelect;
export type TRunInsert = typeof messageScheduleRuns.$inferInsert;

export async function insertSchedule(db: DbOrTx, values: TScheduleInsert): Promise<TScheduleRow> {
  const [row] = await db.insert(messageSchedules).values(values).returning();
  if (!row) throw new Error('schedule insert returned nothing');
  return row;
}

export async function findSchedule(
  db: DbOrTx,
  stationId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<TScheduleRow | null> {
  const query = db
    .select()
    .from(messageSchedules)
    .where(and(eq(messageSchedules.stationId, stationId), eq(messageSchedules.id, id)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateSchedule(
  db: DbOrTx,
  stationId: string,
  id: string,
  values: Partial<TScheduleInsert>,
): Promise<TScheduleRow | null> {
  const [row] = await db
    .update(messageSchedules)
    .set(values)
    .where(and(eq(messageSchedules.stationId, stationId), eq(messageSchedules.id, id)))
    .returning();
  return row ?? null;
}

/** Upcoming: the active ones, soonest first. Past: the ended ones, latest first (at most 100). */
export function listSchedules(
  db: DbOrTx,
  stationId: string,
  filter: { status: 'upcoming' | 'past'; messageId?: string },
): Promise<TScheduleRow[]> {
  const upcoming = filter.status === 'upcoming';
  return db
    .select()
    .from(messageSchedules)
    .where(
      and(
        eq(messageSchedules.stationId, stationId),
        upcoming
          ? eq(messageSchedules.status, 'active')
          : inArray(messageSchedules.status, ['done', 'cancelled', 'failed']),
        filter.messageId ? eq(messageSchedules.messageId, filter.messageId) : undefined,
      ),
    )
    .orderBy(upcoming ? asc(messageSchedules.nextRunAt) : desc(messageSchedules.updatedAt))
    .limit(upcoming ? 500 : 100);
}

/**
 * The next due schedule of any station, locked; another worker's sweep skips it. Null when none
 * is due at `at`.
 */
export async function claimDueSchedule(tx: DbOrTx, at: Date): Promise<TScheduleRow | null> {
  const [row] = await tx
    .select()
    .from(messageSchedules)
    .where(and(eq(messageSchedules.status, 'active'), lte(messageSchedules.nextRunAt, at)))
    .orderBy(asc(messageSchedules.nextRunAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

/** The run's row; null when this due time already has one (a run is recorded once, ever). */
export async function insertRun(db: DbOrTx, values: TRunInsert): Promise<TRunRow | null> {
  const [row] = await db.insert(messageScheduleRuns).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateRun(db: DbOrTx, id: string, values: Partial<TRunInsert>) {
  await db.update(messageScheduleRuns).set(values).where(eq(messageScheduleRuns.id, id));
}

/** The runs of some schedules, latest first, at most `perSchedule` each. */
export async function listRuns(
  db: DbOrTx,
  stationId: string,
  scheduleIds: string[],
  perSchedule: number,
): Promise<TRunRow[]> {
  if (scheduleIds.length === 0) return [];
  const ranked = db
    .select({
      id: messageScheduleRuns.id,
      rank: sql<number>`row_number() over (partition by ${messageScheduleRuns.scheduleId} order by ${messageScheduleRuns.dueAt} desc)`.as(
        'rank',
      ),
    })
    .from(messageScheduleRuns)
    .where(
      and(eq(messageScheduleRuns.stationId, stationId), inArray(messageScheduleRuns.scheduleId, scheduleIds)),
    )
    .as('ranked');
  const rows = await db
    .select({ run: messageScheduleRuns })
    .from(messageScheduleRuns)
    .innerJoin(ranked, eq(ranked.id, messageScheduleRuns.id))
    .where(lte(ranked.rank, perSchedule))
    .orderBy(desc(messageScheduleRuns.dueAt));
  return rows.map((r) => r.run);
}
