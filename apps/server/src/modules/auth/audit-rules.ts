// What sign-in and the account's own routes record in the audit log (decisions 0021, 0066): the
// account concerned is found here, by email or by a sign-in token, before the handler runs.
import { LOGIN_CHALLENGE_COOKIE } from '@message-station/shared';
import type { Db } from '../../db/client.js';
import {
  auditBody,
  auditReply,
  auditStation,
  type TAuditCall,
  type TAuditRule,
  type TAuditSubject,
} from '../../platform/audit-rule.js';
import { sha256 } from '../../platform/tokens.js';
import { findUserByEmail } from '../users/service.js';
import { findAccount } from '../users/trail-service.js';
import { findTokenUserId, type TSignInToken } from './trail-service.js';

/** The account a sign-in token belongs to: auth knows the token's user, users the account. */
async function accountByToken(db: Db, kind: TSignInToken, token: unknown): Promise<TAuditSubject | null> {
  if (typeof token !== 'string' || !token) return null;
  const userId = await findTokenUserId(db, kind, sha256(token));
  return userId ? findAccount(db, userId) : null;
}

async function accountByEmail(db: Db, call: TAuditCall): Promise<TAuditSubject | null> {
  const email = auditBody(call).email;
  if (typeof email !== 'string') return null;
  const user = await findUserByEmail(db, email);
  if (!user) return null;
  return { userId: user.id, email: user.email, stationId: user.stationId, isSuperadmin: user.isSuperadmin };
}

const emailLabel = (call: TAuditCall) => ({ label: call.subject?.email ?? auditBody(call).email ?? null });

export const signInAudit = (db: Db): TAuditRule => ({
  action: 'auth.signed_in',
  failedAction: { 401: 'auth.sign_in_failed' },
  target: 'user',
  subject: (call) => accountByEmail(db, call),
  subjectActs: true,
  // With a second factor the sign-in is recorded at the code step, once it succeeds or fails.
  details: (call) =>
    (call.reply as { twoFactorRequired?: boolean } | null)?.twoFactorRequired ? null : emailLabel(call),
});

export const twoFactorSignInAudit = (db: Db): TAuditRule => ({
  action: 'auth.signed_in',
  failedAction: { 401: 'auth.sign_in_failed' },
  target: 'user',
  subject: (call) => accountByToken(db, 'challenge', call.request.cookies[LOGIN_CHALLENGE_COOKIE]),
  subjectActs: true,
  details: (call) => ({ ...emailLabel(call), two_factor: true }),
});

export const resetRequestedAudit = (db: Db): TAuditRule => ({
  action: 'auth.password_reset_requested',
  target: 'user',
  subject: (call) => accountByEmail(db, call),
  // Signed in, it is an admin sending the link to one of the station's users.
  details: (call) => ({ ...emailLabel(call), by_admin: call.auth !== null }),
});

export const resetCompletedAudit = (db: Db): TAuditRule => ({
  action: 'auth.password_reset_completed',
  target: 'user',
  subjectActs: true,
  subject: (call) => accountByToken(db, 'reset', auditBody(call).token),
});

/** A change to the signed-in account itself: it is the target. */
export const ownAccountAudit = (action: string, details?: TAuditRule['details']): TAuditRule => ({
  action,
  target: 'user',
  targetId: (call) => call.auth?.userId,
  details,
});

/** How many of the account's other sessions the change ended. */
export const revokedSessions = (call: TAuditCall) => ({ revoked_sessions: auditReply(call).revoked ?? 0 });

/**
 * The station's two-factor switch: the handler hands the policy as it was, read under its lock in
 * the change's transaction, and as it is (`request.audit`).
 */
export const stationSecurityAudit: TAuditRule = {
  action: 'settings.security_updated',
  target: 'station',
  targetId: auditStation,
};
