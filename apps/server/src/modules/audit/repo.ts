// Drizzle queries of the audit log: rows are only ever inserted and read (the table refuses updates).
import { and, desc, eq, gte, like, lt, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditLog } from '../../db/schema/owned/audit.js';
import { loginChallenges, passwordResetTokens } from '../../db/schema/owned/auth.js';
import { stripeEvents } from '../../db/schema/owned/billing.js';
import { stations } from '../../db/schema/owned/station.js';
import { smsContactPreferences, smsContacts } from '../../db/schema/owned/subscribers.js';
import { users } from '../../db/schema/owned/users.js';

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

/** Newest first; ties on the same instant ordered by id so paging never skips or repeats. */
export function listAuditRows(db: DbOrTx, filter: TAuditFilter, limit: number) {
  return db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      action: auditLog.action,
      actorUserId: auditLog.actorUserId,
      actorEmail: auditLog.actorEmail,
      actorName: users.fullName,
      actorIsSuperadmin: auditLog.actorIsSuperadmin,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      details: auditLog.details,
      ip: auditLog.ip,
      userAgent: auditLog.userAgent,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(...conditions(filter)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

export type TAuditRow = Awaited<ReturnType<typeof listAuditRows>>[number];

export async function findUserEmail(db: DbOrTx, userId: string) {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email ?? null;
}

/** A contact's status and the types it receives in which language: what staff can change. */
export async function findContactView(db: DbOrTx, stationId: string, contactId: string) {
  const [contact] = await db
    .select({ name: smsContacts.name, status: smsContacts.status })
    .from(smsContacts)
    .where(and(eq(smsContacts.stationId, stationId), eq(smsContacts.id, contactId)))
    .limit(1);
  if (!contact) return null;
  const preferences = await db
    .select({ type: smsContactPreferences.messageType, language: smsContactPreferences.language })
    .from(smsContactPreferences)
    .where(
      and(eq(smsContactPreferences.stationId, stationId), eq(smsContactPreferences.contactId, contactId)),
    );
  const types = Object.fromEntries(
    preferences.sort((a, b) => a.type.localeCompare(b.type)).map((p) => [p.type, p.language]),
  );
  return { name: contact.name, status: contact.status, types };
}

export async function findStripeEvent(db: DbOrTx, eventId: string) {
  const [row] = await db
    .select({ type: stripeEvents.type, stationId: stripeEvents.stationId, outcome: stripeEvents.outcome })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, eventId))
    .limit(1);
  return row ?? null;
}

const accountColumns = {
  userId: users.id,
  email: users.email,
  stationId: users.stationId,
  isSuperadmin: users.isSuperadmin,
};

/** The account whose sign-in waits for its second factor. */
export async function findChallengeUser(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select(accountColumns)
    .from(loginChallenges)
    .innerJoin(users, eq(users.id, loginChallenges.userId))
    .where(eq(loginChallenges.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

export async function findStationSecurity(db: DbOrTx, stationId: string) {
  const [row] = await db
    .select({ require_two_factor: stations.requireTwoFactor })
    .from(stations)
    .where(eq(stations.id, stationId))
    .limit(1);
  return row ?? null;
}

/** The account a reset link belongs to (used or not): who a completed reset was for. */
export async function findResetLinkUser(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select(accountColumns)
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(eq(passwordResetTokens.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}
