// The code step of a sign-in (decision 0020): the challenge from the password step plus a TOTP or
// recovery code give the session.
import { ACCOUNT_ERROR_CODES } from '@message-station/shared';
import { AppError } from '../../platform/errors.js';
import type { TServiceContext } from '../../service-context.js';
import { findUserById } from '../users/service.js';
import { startSession } from './service.js';
import { checkSecondFactor, closeLoginChallenge, spendChallengeAttempt } from './two-factor.js';

const challengeExpired = () => new AppError(ACCOUNT_ERROR_CODES.challengeExpired);

export async function completeTwoFactorLogin(
  ctx: Pick<TServiceContext, 'db' | 'now' | 'config' | 'ip' | 'userAgent'>,
  input: { challengeToken: string | undefined; code: string },
) {
  const { challengeToken, code } = input;
  if (!challengeToken) throw challengeExpired();
  const spent = await spendChallengeAttempt(ctx.db, challengeToken, ctx.now);
  if ('refused' in spent && spent.refused === 'too_many') {
    throw new AppError(ACCOUNT_ERROR_CODES.tooManyCodes);
  }
  const user = 'userId' in spent ? await findUserById(ctx.db, spent.userId) : null;
  if (!user?.totpEnabledAt) throw challengeExpired();
  if (!(await checkSecondFactor(ctx, { user, code }))) {
    throw new AppError(ACCOUNT_ERROR_CODES.invalidCode);
  }
  await closeLoginChallenge(ctx.db, challengeToken);
  return startSession(ctx, user);
}
