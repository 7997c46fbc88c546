// Drizzle queries of the audit log: rows are only ever inserted and read (the table refuses updates).
// Only the audit table: what the trail reads of other modules' tables comes through their services.
import { and, desc, eq, gte, like, lt, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditLog } from '../../db/schema/owned/audit.js';

export type TNewAuditRow = typeof auditLog.$inferInsert;

export async function insertAuditRow(db: DbOrTx, values: TNewAuditRow) {
  await db.insert(auditLog).values(values);
}

export type TAuditFilter = {
  stationId: string;
  /** A whole code, or its area ("user" matches "user.created"). */
  action?: string;
  actorUserId?: string;
  from?: Date;
  /** Exclusive. */
  until?: Date;
  /** Rows strictly older than this (created_at, id) pair. */
  before?: { createdAt: Date; id: string };
};

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function conditions(filter: TAuditFilter): SQL[] {
  const where: SQL[] = [eq(auditLog.stationId, filter.stationId)];
  if (filter.action) {
    const exact = eq(auditLog.action, filter.action);
    where.push(or(exact, like(auditLog.action, `${escapeLike(filter.action)}.%`)) as SQL);
  }
  if (filter.actorUserId) where.push(eq(auditLog.actorUserId, filter.actorUserId));
  if (filter.from) where.push(gte(auditLog.createdAt, filter.from));
  if (filter.until) where.push(lt(auditLog.createdAt, filter.until));
  if (filter.before) {
    const { createdAt, id } = filter.before;
    where.push(
      or(
        lt(auditLog.createdAt, createdAt),
        and(eq(auditLog.createdAt, createdAt), lt(auditLog.id, id)),
      ) as SQL,
    );
  }
  return where;
}

/**
 * Newest first; ties on the same instant ordered by id so paging never skips or repeats. The actors'
 * names are the users module's: service.ts looks them up for the page.
 */
export function listAuditRows(db: DbOrTx, filter: TAuditFilter, limit: number) {
  return db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      action: auditLog.action,
      actorUserId: auditLog.actorUserId,
      actorEmail: auditLog.actorEmail,
      actorIsSuperadmin: auditLog.actorIsSuperadmin,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      details: auditLog.details,
      ip: auditLog.ip,
      userAgent: auditLog.userAgent,
    })
    .from(auditLog)
    .where(and(...conditions(filter)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

export type TAuditRow = Awaited<ReturnType<typeof listAuditRows>>[number];
