// How an /api/v1 operation describes itself in the OpenAPI document: its tag, the bearer key, and
// the scope it needs (in words in the description and as `x-required-scopes`).
import { STATION_KEY_SCOPES, type TStationKeyScope, ZErrorResponse } from '@message-station/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import type { TAuth } from '../../platform/session.js';
import { requestFacts } from '../../service-context.js';
import { keyOf } from './auth.js';

export const API_V1_TAG = 'API v1';
/** The security scheme's name in the document (app.ts declares it). */
export const STATION_KEY_SCHEME = 'stationKey';

/** What every operation may answer besides its own: no key, a missing scope, too many requests. */
export const COMMON_ERRORS = { 401: ZErrorResponse, 403: ZErrorResponse, 429: ZErrorResponse };

/**
 * An operation's schema with the document's facts added; `scope` null: any live key may call it.
 * `operationId` is named here (what integrators' generated clients call), never derived from the
 * path as the web API's are (decision 0053).
 */
export function operation<S extends { operationId: string; summary: string; description?: string }>(
  scope: TStationKeyScope | null,
  schema: S,
) {
  const needs = scope
    ? `Required scope: \`${scope}\`.`
    : `Any live key may call this (no scope needed; scopes: ${STATION_KEY_SCOPES.join(', ')}).`;
  return {
    ...schema,
    tags: [API_V1_TAG],
    security: [{ [STATION_KEY_SCHEME]: [] as string[] }],
    description: schema.description ? `${schema.description}\n\n${needs}` : needs,
    'x-required-scopes': scope ? [scope] : [],
  };
}

/** The facts a service needs of an /api/v1 request: the key's station, and its creator acting. */
export function keyFacts(deps: { db: Db; now: () => Date }, request: FastifyRequest) {
  const key = keyOf(request);
  return {
    ...requestFacts(deps, request),
    auth: request.auth as TAuth,
    stationId: key.station.id,
    userId: key.userId,
  };
}
