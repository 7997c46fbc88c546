// Queries of My Account: the user's own sessions, password and second factor, and the station's
// two-factor requirement. Every session query filters on the user, so another user's (or another
// station's) session is never matched.
import { and, desc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { recoveryCodes, sessions } from '../../db/schema/owned/auth.js';
import { stations } from '../../db/schema/owned/station.js';
import { users } from '../../db/schema/owned/users.js';

export async function stationRequiresTwoFactor(db: DbOrTx, stationId: string): Promise<boolean> {
  const [row] = await db
    .select({ requireTwoFactor: stations.requireTwoFactor })
    .from(stations)
    .where(eq(stations.id, stationId))
    .limit(1);
  return row?.requireTwoFactor ?? false;
}

export async function setStationRequiresTwoFactor(db: DbOrTx, stationId: string, value: boolean, at: Date) {
  await db.update(stations).set({ requireTwoFactor: value, updatedAt: at }).where(eq(stations.id, stationId));
}

export function listUserSessions(db: DbOrTx, userId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt));
}

export async function deleteUserSession(db: DbOrTx, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

export async function setPassword(db: DbOrTx, userId: string, passwordHash: string, at: Date) {
  await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: at, updatedAt: at })
    .where(eq(users.id, userId));
}

export async function setTotpSecret(db: DbOrTx, userId: string, sealed: string | null, at: Date) {
  await db
    .update(users)
    .set({ totpSecret: sealed, totpEnabledAt: null, totpLastStep: null, updatedAt: at })
    .where(eq(users.id, userId));
}

export async function markTotpEnabled(db: DbOrTx, userId: string, at: Date) {
  await db.update(users).set({ totpEnabledAt: at, updatedAt: at }).where(eq(users.id, userId));
}

export async function deleteRecoveryCodes(db: DbOrTx, userId: string) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
