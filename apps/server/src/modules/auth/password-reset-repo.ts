// Queries on password reset links (stored as token hashes) and the sessions a reset ends.
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { passwordResetTokens, sessions } from '../../db/schema/owned/auth.js';

export async function countLinksSince(db: DbOrTx, userId: string, since: Date): Promise<number> {
  const [recent] = await db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), gt(passwordResetTokens.createdAt, since)));
  return Number(recent?.n ?? 0);
}

export async function insertResetLink(db: DbOrTx, values: typeof passwordResetTokens.$inferInsert) {
  await db.insert(passwordResetTokens).values(values);
}

/** The link's row if it is unused and unexpired. */
export async function findOpenLink(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Marks the link used, once: false when another request used it first. */
export async function useLink(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const used = await db
    .update(passwordResetTokens)
    .set({ usedAt: at })
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  return used.length > 0;
}

/** After a reset: the user's sessions end and every other link sent for the account stops working. */
export async function endSessionsAndLinks(db: DbOrTx, userId: string, at: Date) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db
    .update(passwordResetTokens)
    .set({ usedAt: at })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
