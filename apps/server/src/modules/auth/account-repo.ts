// Queries of My Account: the user's own sessions (its second factor's are in two-factor-repo.ts,
// the station's two-factor requirement is the station module's). Every session query filters on
// the user, so another user's (or another station's) session is never matched.
import { and, desc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sessions } from '../../db/schema/owned/auth.js';

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

/** Points a superadmin's session at the station it views (null: back to its own). */
export async function setSessionViewingStation(db: DbOrTx, sessionId: string, stationId: string | null) {
  await db.update(sessions).set({ viewingStationId: stationId }).where(eq(sessions.id, sessionId));
}
