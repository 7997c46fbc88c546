// Queries on user invitations (decision 0025); the flows and their rules are in invitations.ts.
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { userInvitations } from '../../db/schema/owned/users.js';

export type TInvitationRow = typeof userInvitations.$inferSelect;

const pending = and(isNull(userInvitations.acceptedAt), isNull(userInvitations.revokedAt));

/** The station's pending invitation with this id. */
const pendingOf = (stationId: string, invitationId: string) =>
  and(eq(userInvitations.stationId, stationId), eq(userInvitations.id, invitationId), pending);

/** The invitation a link opens while it is good: pending and not expired. */
const liveLink = (tokenHash: string, now: Date) =>
  and(eq(userInvitations.tokenHash, tokenHash), pending, gt(userInvitations.expiresAt, now));

/** The station's pending invitation to this address, expired or not. */
export async function findPendingByEmail(db: DbOrTx, stationId: string, email: string) {
  const [row] = await db
    .select()
    .from(userInvitations)
    .where(and(eq(userInvitations.stationId, stationId), eq(userInvitations.email, email), pending));
  return row ?? null;
}

export async function markRevoked(db: DbOrTx, invitationId: string, at: Date) {
  await db.update(userInvitations).set({ revokedAt: at }).where(eq(userInvitations.id, invitationId));
}

export async function insertInvitation(db: DbOrTx, values: typeof userInvitations.$inferInsert) {
  const [row] = await db.insert(userInvitations).values(values).returning();
  if (!row) throw new Error('invitation insert returned nothing');
  return row;
}

/** Invitations not yet accepted or revoked, newest first. */
export function listPending(db: DbOrTx, stationId: string) {
  return db
    .select()
    .from(userInvitations)
    .where(and(eq(userInvitations.stationId, stationId), pending))
    .orderBy(desc(userInvitations.createdAt), desc(userInvitations.id));
}

export async function findPending(db: DbOrTx, stationId: string, invitationId: string) {
  const [row] = await db.select().from(userInvitations).where(pendingOf(stationId, invitationId));
  return row ?? null;
}

/** A new link hash and expiry for a pending invitation; null when it is no longer pending. */
export async function renewPending(
  db: DbOrTx,
  stationId: string,
  invitationId: string,
  values: { tokenHash: string; expiresAt: Date },
) {
  const [row] = await db
    .update(userInvitations)
    .set(values)
    .where(pendingOf(stationId, invitationId))
    .returning();
  return row ?? null;
}

/** Revokes a pending invitation; false when there was none. */
export async function revokePending(db: DbOrTx, stationId: string, invitationId: string, at: Date) {
  const rows = await db
    .update(userInvitations)
    .set({ revokedAt: at })
    .where(pendingOf(stationId, invitationId))
    .returning({ id: userInvitations.id });
  return rows.length > 0;
}

/** The station of the invitation whose link has this hash, used or not (for the audit row). */
export async function findInvitationStation(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ stationId: userInvitations.stationId })
    .from(userInvitations)
    .where(eq(userInvitations.tokenHash, tokenHash));
  return row?.stationId ?? null;
}

/** The pending, unexpired invitation whose link has this hash. */
export async function findLiveByTokenHash(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db.select().from(userInvitations).where(liveLink(tokenHash, now));
  return row ?? null;
}

/** Marks the live invitation of this link accepted; null when it is no longer live. */
export async function markAccepted(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .update(userInvitations)
    .set({ acceptedAt: now })
    .where(liveLink(tokenHash, now))
    .returning();
  return row ?? null;
}
