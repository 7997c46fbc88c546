// What the auth module changes on a user: the password and the second factor. Users owns the
// table; these are its verbs for the auth flows (decision 0065).
import type { DbOrTx } from '../../db/client.js';
import * as credentials from './credentials-repo.js';

/** The user chose a new password while signed in (recorded as the password's change time). */
export function recordPasswordChange(db: DbOrTx, userId: string, passwordHash: string, at: Date) {
  return credentials.setPassword(db, userId, passwordHash, at);
}

/** The user set a password through a reset link. */
export function resetPassword(db: DbOrTx, userId: string, passwordHash: string, at: Date) {
  return credentials.resetPassword(db, userId, passwordHash, at);
}

/** Starts two-factor enrolment with a new sealed TOTP secret, not yet enabled. */
export function startTwoFactor(db: DbOrTx, userId: string, sealedSecret: string, at: Date) {
  return credentials.setTotpSecret(db, userId, sealedSecret, at);
}

/** The user confirmed a code from the new secret: two-factor sign-in is on. */
export function enableTwoFactor(db: DbOrTx, userId: string, at: Date) {
  return credentials.markTotpEnabled(db, userId, at);
}

/** Turns two-factor sign-in off and forgets the secret. */
export function disableTwoFactor(db: DbOrTx, userId: string, at: Date) {
  return credentials.setTotpSecret(db, userId, null, at);
}

/** Accepts a TOTP step only if newer than the last accepted one (on any node). True when accepted. */
export function acceptTotpStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  return credentials.recordTotpStep(db, userId, step);
}
