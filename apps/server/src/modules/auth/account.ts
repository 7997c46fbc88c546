// My Account (decision 0020): change password, the user's sessions, two-factor sign-in, and the
// station's "require two-factor for admins" switch.
import {
  ACCOUNT_ERROR_CODES,
  actsAsStationAdmin,
  type TAccount,
  type TAccountSession,
  type TChangePasswordRequest,
  type TDisableTwoFactorRequest,
  type TTwoFactorSetup,
} from '@message-station/shared';
import type { TAuditScope, TAuditView } from '../../platform/audit-rule.js';
import { AppError, notFound } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { revokeUserSessions } from '../../platform/session.js';
import type { TServiceContext } from '../../service-context.js';
import { setStationRequiresTwoFactor, stationRequiresTwoFactor } from '../station/service.js';
import * as credentials from '../users/credentials-service.js';
import { findUserById } from '../users/service.js';
import * as repo from './account-repo.js';
import {
  acceptTotp,
  checkSecondFactor,
  newTotpSecret,
  openSecret,
  otpauthUri,
  replaceRecoveryCodes,
  sealSecret,
} from './two-factor.js';
import { deleteRecoveryCodes, recoveryCodesLeft } from './two-factor-repo.js';
import { describeUserAgent } from './user-agent.js';

const wrongPassword = () => new AppError(ACCOUNT_ERROR_CODES.wrongPassword);
const invalidCode = () => new AppError(ACCOUNT_ERROR_CODES.rejectedCode);

async function ownUser(ctx: Pick<TServiceContext, 'db' | 'auth'>) {
  const user = await findUserById(ctx.db, ctx.auth.userId);
  if (!user) throw new AppError('authentication_required');
  return user;
}

export async function describeAccount(ctx: Pick<TServiceContext, 'db' | 'auth'>): Promise<TAccount> {
  const user = await ownUser(ctx);
  const enabled = user.totpEnabledAt !== null;
  return {
    twoFactor: {
      enabled,
      enabledAt: user.totpEnabledAt?.toISOString() ?? null,
      recoveryCodesLeft: enabled ? await recoveryCodesLeft(ctx.db, user.id) : 0,
    },
    station: actsAsStationAdmin(ctx.auth)
      ? { requireTwoFactor: await stationRequiresTwoFactor(ctx.db, ctx.auth.stationId) }
      : null,
  };
}

/** A new password ends every other session of the user; this browser stays signed in. */
export async function changePassword(
  ctx: Pick<TServiceContext, 'db' | 'auth' | 'now'>,
  input: TChangePasswordRequest,
) {
  const user = await ownUser(ctx);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw wrongPassword();
  if (input.newPassword === input.currentPassword) {
    throw new AppError(ACCOUNT_ERROR_CODES.samePassword);
  }
  const passwordHash = await hashPassword(input.newPassword);
  return ctx.db.transaction(async (tx) => {
    await credentials.recordPasswordChange(tx, user.id, passwordHash, ctx.now);
    return { revoked: await revokeUserSessions(tx, user.id, { exceptSessionId: ctx.auth.sessionId }) };
  });
}

export async function listSessions(
  ctx: Pick<TServiceContext, 'db' | 'auth' | 'now'>,
): Promise<TAccountSession[]> {
  const rows = await repo.listUserSessions(ctx.db, ctx.auth.userId, ctx.now);
  return rows.map((row) => ({
    id: row.id,
    current: row.id === ctx.auth.sessionId,
    ...describeUserAgent(row.userAgent),
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt?.toISOString() ?? null,
  }));
}

/** Signs one of the user's own sessions out; anyone else's session is not found. */
export async function revokeSession(ctx: Pick<TServiceContext, 'db' | 'auth'>, sessionId: string) {
  if (!(await repo.deleteUserSession(ctx.db, ctx.auth.userId, sessionId)))
    throw notFound('session_not_found');
  return { current: sessionId === ctx.auth.sessionId };
}

export async function revokeOtherSessions(ctx: Pick<TServiceContext, 'db' | 'auth'>) {
  return {
    revoked: await revokeUserSessions(ctx.db, ctx.auth.userId, { exceptSessionId: ctx.auth.sessionId }),
  };
}

/** A fresh secret, kept (sealed) until the first code confirms it; any earlier unconfirmed one is replaced. */
export async function startTwoFactorSetup(
  ctx: Pick<TServiceContext, 'db' | 'auth' | 'now' | 'config'>,
): Promise<TTwoFactorSetup> {
  const user = await ownUser(ctx);
  if (user.totpEnabledAt) {
    throw new AppError(ACCOUNT_ERROR_CODES.alreadyEnabled);
  }
  const secret = newTotpSecret();
  await credentials.startTwoFactor(ctx.db, user.id, sealSecret(ctx.config.sessionSecret, secret), ctx.now);
  return { secret, uri: otpauthUri(secret, user.email) };
}

/** The first code turns two-factor on and answers ten recovery codes, shown once. */
export async function enableTwoFactor(
  ctx: Pick<TServiceContext, 'db' | 'auth' | 'now' | 'config'>,
  code: string,
) {
  const user = await ownUser(ctx);
  if (user.totpEnabledAt) {
    throw new AppError(ACCOUNT_ERROR_CODES.alreadyEnabled);
  }
  if (!user.totpSecret) {
    throw new AppError(ACCOUNT_ERROR_CODES.setupNotStarted);
  }
  const base32 = openSecret(ctx.config.sessionSecret, user.totpSecret);
  return ctx.db.transaction(async (tx) => {
    if (!(await acceptTotp(tx, { userId: user.id, base32, code, now: ctx.now }))) throw invalidCode();
    await credentials.enableTwoFactor(tx, user.id, ctx.now);
    return { recoveryCodes: await replaceRecoveryCodes(tx, user.id, ctx.now) };
  });
}

/** Turning it off takes the password and a code (or a recovery code). */
export async function disableTwoFactor(
  ctx: Pick<TServiceContext, 'db' | 'auth' | 'now' | 'config'>,
  input: TDisableTwoFactorRequest,
) {
  const user = await ownUser(ctx);
  if (!user.totpEnabledAt) {
    throw new AppError(ACCOUNT_ERROR_CODES.notEnabled);
  }
  if (user.role === 'admin' && (await stationRequiresTwoFactor(ctx.db, user.stationId))) {
    throw new AppError(ACCOUNT_ERROR_CODES.requiredByStation);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw wrongPassword();
  if (!(await checkSecondFactor(ctx, { user, code: input.code }))) throw invalidCode();
  await ctx.db.transaction(async (tx) => {
    await credentials.disableTwoFactor(tx, user.id, ctx.now);
    await deleteRecoveryCodes(tx, user.id);
  });
}

/** The station's security as the audit log keeps it (decision 0066). */
function stationSecurityAuditView(requireTwoFactor: boolean): TAuditView {
  return { require_two_factor: requireTwoFactor };
}

/**
 * Station security (admins): requiring two-factor is refused until the admin turning it on has
 * it, so nobody locks themselves into the setup by the switch.
 */
export async function setStationTwoFactor(
  ctx: Pick<TServiceContext, 'db' | 'auth' | 'now'>,
  requireTwoFactor: boolean,
  audit?: TAuditScope,
) {
  if (!actsAsStationAdmin(ctx.auth)) {
    throw new AppError('admin_required');
  }
  if (requireTwoFactor && !(await ownUser(ctx)).totpEnabledAt) {
    throw new AppError(ACCOUNT_ERROR_CODES.enableOwnFirst);
  }
  // The audit's view before: the policy this switch replaces, read under the row's lock in its
  // transaction (decision 0066).
  const before = await setStationRequiresTwoFactor(ctx.db, ctx.auth.stationId, requireTwoFactor, ctx.now);
  audit?.before(stationSecurityAuditView(before));
  audit?.after(stationSecurityAuditView(requireTwoFactor));
  return { requireTwoFactor };
}
