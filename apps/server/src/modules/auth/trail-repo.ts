// What the audit trail reads of sign-in tokens: whose account a login challenge or a reset link is.
// Others reach it through trail-service.ts; the account itself is the users module's.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { loginChallenges, passwordResetTokens } from '../../db/schema/owned/auth.js';

/** A sign-in waiting for its second factor, or a reset link (used or not: a completed reset's). */
const TOKEN_TABLES = { challenge: loginChallenges, reset: passwordResetTokens };
export type TSignInToken = keyof typeof TOKEN_TABLES;

/** The user a token's hash belongs to. */
export async function findTokenUserId(
  db: DbOrTx,
  kind: TSignInToken,
  tokenHash: string,
): Promise<string | null> {
  const table = TOKEN_TABLES[kind];
  const [row] = await db
    .select({ userId: table.userId })
    .from(table)
    .where(eq(table.tokenHash, tokenHash))
    .limit(1);
  return row?.userId ?? null;
}
