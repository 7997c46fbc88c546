// Route guards: 401 when signed out, 403 when signed in without the right role (or, for an admin
// whose station requires two-factor sign-in, before it is set up: decision 0020).
import { ACCOUNT_ERROR_CODES, actsAsStationAdmin } from '@message-station/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, unauthorized } from './errors.js';
import type { TAuth, TSessions } from './session.js';

export const TWO_FACTOR_SETUP_REQUIRED =
  'Your station requires two-factor sign-in for admins. Set it up on My Account first.';

export function createGuards(sessions: TSessions) {
  /** Signed in, also while a required second factor is not set up yet (My Account only). */
  async function requireSignedIn(request: FastifyRequest) {
    const auth = await sessions.getAuth(request);
    if (!auth) throw unauthorized();
    request.auth = auth;
  }
  async function requireUser(request: FastifyRequest) {
    await requireSignedIn(request);
    if ((request.auth as TAuth).twoFactorSetupRequired) {
      throw new AppError(ACCOUNT_ERROR_CODES.setupRequired);
    }
  }
  async function requireAdmin(request: FastifyRequest) {
    await requireUser(request);
    const auth = request.auth as TAuth;
    // A superadmin viewing a station acts as its admin.
    if (!actsAsStationAdmin(auth)) {
      throw new AppError('admin_required');
    }
  }
  async function requireSuperadmin(request: FastifyRequest) {
    await requireUser(request);
    if (!(request.auth as TAuth).isSuperadmin) throw new AppError('superadmin_required');
  }
  return { requireSignedIn, requireUser, requireAdmin, requireSuperadmin };
}

export type TGuards = ReturnType<typeof createGuards>;

/** The signed-in user of a request that passed a guard. */
export function authOf(request: FastifyRequest): TAuth {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
