// Route guards: 401 when signed out, 403 when signed in without the right role.
import type { FastifyRequest } from 'fastify';
import { AppError, unauthorized } from './errors.js';
import type { TAuth, TSessions } from './session.js';

export function createGuards(sessions: TSessions) {
  async function requireUser(request: FastifyRequest) {
    const auth = await sessions.getAuth(request);
    if (!auth) throw unauthorized();
    request.auth = auth;
  }
  async function requireAdmin(request: FastifyRequest) {
    await requireUser(request);
    const auth = request.auth as TAuth;
    // A superadmin viewing a station acts as its admin.
    if (auth.role !== 'admin' && !auth.viewingStationId) {
      throw new AppError(403, 'You need administrator privileges to access this page.');
    }
  }
  async function requireSuperadmin(request: FastifyRequest) {
    await requireUser(request);
    if (!(request.auth as TAuth).isSuperadmin) throw new AppError(403, 'Superadmin access required');
  }
  return { requireUser, requireAdmin, requireSuperadmin };
}

export type TGuards = ReturnType<typeof createGuards>;

/** The signed-in user of a request that passed a guard. */
export function authOf(request: FastifyRequest): TAuth {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
