// Sign-in, the session user, sign-out.
import type { TLoginRequest, TSessionUser } from '@message-station/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { burnPasswordCheck, verifyPassword } from '../../platform/passwords.js';
import { createSession, deleteSession, type TAuth } from '../../platform/session.js';
import type { TServiceContext } from '../../service-context.js';
import { getStationSummary, stationRequiresTwoFactor } from '../station/service.js';
import { findUserByEmail, findUserById, setLastLogin, setUserLanguage } from '../users/service.js';
import { setSessionViewingStation as viewStation } from './account-repo.js';
import { openLoginChallenge } from './two-factor.js';

/** A superadmin's session points at the station it views (superadmin's switch and exit). */
export function setSessionViewingStation(db: DbOrTx, sessionId: string, stationId: string | null) {
  return viewStation(db, sessionId, stationId);
}

export const INVALID_LOGIN = 'Invalid email or password';

/**
 * Checks email and password. A user with two-factor sign-in on gets a challenge token instead of
 * a session: the code step (POST /auth/login/two-factor) finishes the sign-in.
 */
export async function login(
  ctx: Pick<TServiceContext, 'db' | 'now' | 'ip' | 'userAgent'>,
  input: TLoginRequest,
) {
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) {
    await burnPasswordCheck(input.password);
    throw new AppError('invalid_login');
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new AppError('invalid_login');
  }
  // Emails to this person go out in the language they use the interface in.
  if (input.language && input.language !== user.language)
    await setUserLanguage(ctx.db, user.id, input.language);
  if (user.totpEnabledAt) {
    return { challengeToken: await openLoginChallenge(ctx.db, user.id, ctx.now) } as const;
  }
  return startSession(ctx, user);
}

/** Signs a user in whose credentials were checked: a new session and the session user. */
export async function startSession(
  ctx: Pick<TServiceContext, 'db' | 'now' | 'ip' | 'userAgent'>,
  user: { id: string; stationId: string },
) {
  const session = await ctx.db.transaction(async (tx) => {
    await setLastLogin(tx, user.id, ctx.now);
    return createSession(tx, { userId: user.id, now: ctx.now, ip: ctx.ip, userAgent: ctx.userAgent });
  });
  const sessionUser = await describeSessionUser(ctx.db, {
    userId: user.id,
    stationId: user.stationId,
    viewingStationId: null,
  });
  return { token: session.token, user: sessionUser };
}

export async function describeSessionUser(
  db: Db,
  auth: Pick<TAuth, 'userId' | 'stationId' | 'viewingStationId'>,
): Promise<TSessionUser> {
  const [user, station] = await Promise.all([
    findUserById(db, auth.userId),
    getStationSummary(db, auth.stationId),
  ]);
  if (!user || !station) throw new AppError('authentication_required');
  const twoFactorSetupRequired =
    user.role === 'admin' && !user.totpEnabledAt && (await stationRequiresTwoFactor(db, user.stationId));
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    // A superadmin viewing a station acts as its admin.
    role: auth.viewingStationId ? 'admin' : user.role,
    isSuperadmin: user.isSuperadmin,
    stationId: station.id,
    stationSlug: station.slug,
    stationName: station.displayName,
    stationLogoUrl: station.logoUrl,
    viewingStationId: auth.viewingStationId,
    ...(twoFactorSetupRequired ? { twoFactorSetupRequired } : {}),
    // No sign-in before the latest one (a superadmin viewing a station is not greeted as new there).
    ...(user.previousLoginAt === null && !auth.viewingStationId ? { firstVisit: true } : {}),
  };
}

export async function logout(ctx: Pick<TServiceContext, 'db'>, token: string | undefined) {
  if (token) await deleteSession(ctx.db, token);
}
