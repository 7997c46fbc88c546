// Who calls /api/v1: the station key in `Authorization: Bearer <key>`, checked on every request
// (a revoked key is refused at once), counted against the key's own per-minute limit in the store
// every node shares (decision 0019), and the scope each operation needs.
import type { TStationKeyScope } from '@message-station/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { type TRateLimitStore, tooMany } from '../../platform/rate-limit/index.js';
import type { TAuth } from '../../platform/session.js';
import { authenticateStationKey, type TStationKeyAuth } from '../station-keys/service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for /api/v1 requests once their key checked out. */
    stationKey?: TStationKeyAuth;
  }
}

export const RATE_WINDOW_MS = 60_000;
const REALM = 'Message Station API v1';

/** The counter of a key in the shared store. */
export const rateKeyOf = (keyId: string) => `station-key:${keyId}`;

function bearerOf(request: FastifyRequest): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
}

/**
 * The key acts as the admin who created it, on its own station: the services' own rules (approval,
 * review, credits, send once) apply as they do to that admin. Its "session" is the key, so the
 * live-stream limits count per key.
 */
function keyAuth(key: TStationKeyAuth): TAuth {
  return {
    sessionId: `station-key:${key.keyId}`,
    userId: key.userId,
    role: 'admin',
    isSuperadmin: false,
    ownStationId: key.station.id,
    stationId: key.station.id,
    viewingStationId: null,
    twoFactorSetupRequired: false,
  };
}

export function createKeyAuthentication(deps: { db: Db; store: TRateLimitStore; now: () => Date }) {
  /** onRequest of every /api/v1 operation: 401 without a live key, 429 past its limit. */
  async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    const at = deps.now();
    let key: TStationKeyAuth;
    try {
      key = await authenticateStationKey(deps.db, bearerOf(request), at);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 401) {
        const invalid = error.code === 'station_key_invalid' ? ', error="invalid_token"' : '';
        reply.header('www-authenticate', `Bearer realm="${REALM}"${invalid}`);
      }
      throw error;
    }
    const { taken, counter } = await deps.store.take(
      rateKeyOf(key.keyId),
      key.rateLimitPerMinute,
      RATE_WINDOW_MS,
      at,
    );
    const resetSeconds = Math.max(0, Math.ceil((counter.windowEndsAt.getTime() - at.getTime()) / 1000));
    reply.header('ratelimit-limit', String(key.rateLimitPerMinute));
    reply.header('ratelimit-remaining', String(Math.max(0, key.rateLimitPerMinute - counter.hits)));
    reply.header('ratelimit-reset', String(resetSeconds));
    if (!taken) throw tooMany('api_key', counter.windowEndsAt, at);
    request.stationKey = key;
    request.auth = keyAuth(key);
    // Each audit row the request causes names the key it was made with.
    request.auditVia = { api_key: key.name, key_prefix: key.keyPrefix };
  }

  /** preValidation of an operation (before its body is read) that needs `scope`: 403 naming it when the key lacks it. */
  function requireScope(scope: TStationKeyScope) {
    return async (request: FastifyRequest) => {
      if (!request.stationKey?.scopes.includes(scope)) throw new AppError('station_key_scope', { scope });
    };
  }

  return { authenticate, requireScope };
}

/** The key of a request that passed `authenticate`. */
export function keyOf(request: FastifyRequest): TStationKeyAuth {
  if (!request.stationKey) throw new AppError('station_key_missing');
  return request.stationKey;
}
