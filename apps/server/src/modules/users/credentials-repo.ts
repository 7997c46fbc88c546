// Queries on a user's sign-in credentials (password hash, TOTP secret and last accepted step),
// for the auth module's My Account, password reset and two-factor flows.
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/owned/users.js';

/** A password the user chose while signed in: `passwordChangedAt` records it. */
export async function setPassword(db: DbOrTx, userId: string, passwordHash: string, at: Date) {
  await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: at, updatedAt: at })
    .where(eq(users.id, userId));
}

/** A password set through a reset link. */
export async function resetPassword(db: DbOrTx, userId: string, passwordHash: string, at: Date) {
  await db.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, userId));
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

/**
 * Records `step` as the last TOTP step accepted, only if it is newer than the one recorded: one
 * conditional update, so the same code is refused even by another node. True when recorded.
 */
export async function recordTotpStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}
