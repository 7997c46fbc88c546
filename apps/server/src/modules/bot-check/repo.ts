// Queries on the bot-check solutions already used (a solution is accepted once).
import { lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { botCheckUses } from '../../db/schema/owned/bot-check.js';

/** Forgets expired solutions, then records this one; false when it was used before. */
export async function claimSolution(
  db: DbOrTx,
  signature: string,
  expiresAt: Date,
  now: Date,
): Promise<boolean> {
  await db.delete(botCheckUses).where(lt(botCheckUses.expiresAt, now));
  const claimed = await db
    .insert(botCheckUses)
    .values({ signature, expiresAt })
    .onConflictDoNothing()
    .returning({ signature: botCheckUses.signature });
  return claimed.length > 0;
}
