// What the audit trail reads of sign-in tokens: user ids only, never the token rows.
import type { DbOrTx } from '../../db/client.js';
import { type TSignInToken, findTokenUserId as tokenUserId } from './trail-repo.js';

export type { TSignInToken } from './trail-repo.js';

/** The user a sign-in token (by its hash) was issued to, or null. */
export function findTokenUserId(db: DbOrTx, kind: TSignInToken, tokenHash: string): Promise<string | null> {
  return tokenUserId(db, kind, tokenHash);
}
