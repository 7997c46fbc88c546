// Queries of the second factor (decision 0020): recovery codes, kept as hashes, and the login
// challenges of a sign-in's code step. The codes, limits and hashing are two-factor.ts's.
import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { loginChallenges, recoveryCodes } from '../../db/schema/owned/auth.js';

export async function deleteRecoveryCodes(db: DbOrTx, userId: string) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export async function insertRecoveryCodes(db: DbOrTx, userId: string, codeHashes: string[], now: Date) {
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
}

/** Marks the unused code with this hash used, once: false when there is none (or it was used). */
export async function markRecoveryCodeUsed(
  db: DbOrTx,
  input: { userId: string; codeHash: string; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: input.at })
    .where(
      and(
        eq(recoveryCodes.userId, input.userId),
        eq(recoveryCodes.codeHash, input.codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function recoveryCodesLeft(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** Drops the challenges of anyone created before `before`. */
export async function deleteLoginChallengesBefore(db: DbOrTx, before: Date) {
  await db.delete(loginChallenges).where(lt(loginChallenges.createdAt, before));
}

export async function insertLoginChallenge(db: DbOrTx, values: typeof loginChallenges.$inferInsert) {
  await db.insert(loginChallenges).values(values);
}

type TChallengeLimits = { now: Date; attemptsPerChallenge: number };

/** The challenge with this hash while it is unexpired and has attempts left. */
function openChallenge(tokenHash: string, limits: TChallengeLimits) {
  return and(
    eq(loginChallenges.tokenHash, tokenHash),
    gt(loginChallenges.expiresAt, limits.now),
    lt(loginChallenges.attempts, limits.attemptsPerChallenge),
  );
}

/**
 * Counts one attempt on the open challenge in a single update, only while the attempts of all the
 * user's challenges created after `since` stay under `codesPerHour`. Null when nothing was counted.
 */
export async function countChallengeAttempt(
  db: DbOrTx,
  tokenHash: string,
  limits: TChallengeLimits & { codesPerHour: number; since: Date },
): Promise<{ userId: string } | null> {
  const [row] = await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(
      and(
        openChallenge(tokenHash, limits),
        sql`(select coalesce(sum(recent.attempts), 0) from login_challenges recent
             where recent.user_id = ${loginChallenges.userId}
               and recent.created_at > ${limits.since.toISOString()}) < ${limits.codesPerHour}`,
      ),
    )
    .returning({ userId: loginChallenges.userId });
  return row ?? null;
}

export async function isChallengeOpen(db: DbOrTx, tokenHash: string, limits: TChallengeLimits) {
  const [row] = await db
    .select({ id: loginChallenges.id })
    .from(loginChallenges)
    .where(openChallenge(tokenHash, limits))
    .limit(1);
  return row !== undefined;
}

export async function deleteLoginChallenge(db: DbOrTx, tokenHash: string) {
  await db.delete(loginChallenges).where(eq(loginChallenges.tokenHash, tokenHash));
}
