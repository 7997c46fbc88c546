// Station API keys: an admin creates one with scopes and a per-minute rate limit, sees
// the whole key once, and may revoke it; /api/v1 requests are authenticated by it. Only the
// key's SHA-256 is stored.
import { randomBytes } from 'node:crypto';
import {
  STATION_KEY_PREFIX,
  STATION_KEY_VISIBLE_CHARS,
  type TStationKey,
  type TStationKeyCreated,
  type TStationKeyScope,
  type ZCreateStationKeyRequest,
} from '@message-station/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { TAuditScope } from '../../platform/audit-rule.js';
import { AppError, notFound } from '../../platform/errors.js';
import { sha256 } from '../../platform/tokens.js';
import type { TServiceContext } from '../../service-context.js';
import { findStationAccess } from '../station/service.js';
import { findUserNames } from '../users/trail-service.js';
import * as repo from './repo.js';

/** last_used_at is written at most this often per key. */
export const LAST_USED_EVERY_MS = 60_000;

type TCreateInput = z.output<typeof ZCreateStationKeyRequest>;

function toApi(row: repo.TStationKeyRow, names: Map<string, string>): TStationKey {
  const creator = names.get(row.createdBy);
  return {
    id: row.id,
    name: row.name,
    key_prefix: row.keyPrefix,
    scopes: row.scopes as TStationKeyScope[],
    rate_limit_per_minute: row.rateLimitPerMinute,
    created_at: row.createdAt.toISOString(),
    created_by: creator === undefined ? null : { id: row.createdBy, name: creator },
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function listStationKeys(
  ctx: Pick<TServiceContext, 'db' | 'stationId'>,
): Promise<TStationKey[]> {
  const rows = await repo.listLiveKeys(ctx.db, ctx.stationId);
  const names = await findUserNames(ctx.db, [...new Set(rows.map((r) => r.createdBy))]);
  return rows.map((row) => toApi(row, names));
}

export async function getStationKey(ctx: Pick<TServiceContext, 'db' | 'stationId'>, keyId: string) {
  const row = await repo.findLiveKey(ctx.db, ctx.stationId, keyId);
  if (!row) throw notFound('station_key_not_found');
  return toApi(row, await findUserNames(ctx.db, [row.createdBy]));
}

/** Creates a key; the whole key is in this answer only. */
export async function createStationKey(
  ctx: Pick<TServiceContext, 'db' | 'now' | 'stationId' | 'userId'>,
  input: TCreateInput,
): Promise<TStationKeyCreated> {
  // Hex after a hyphen, as the desktop key: nothing a font can hide or confuse.
  const key = `${STATION_KEY_PREFIX}${randomBytes(32).toString('hex')}`;
  const row = await repo.insertKey(ctx.db, {
    stationId: ctx.stationId,
    name: input.name,
    keyHash: sha256(key),
    keyPrefix: key.slice(0, STATION_KEY_VISIBLE_CHARS),
    scopes: input.scopes,
    rateLimitPerMinute: input.rate_limit_per_minute,
    createdBy: ctx.userId,
    createdAt: ctx.now,
  });
  return { key, station_key: toApi(row, await findUserNames(ctx.db, [row.createdBy])) };
}

/** Revoked keys stop working on the next request (every request reads the key). */
export async function revokeStationKey(
  ctx: Pick<TServiceContext, 'db' | 'now' | 'stationId'>,
  keyId: string,
  audit?: TAuditScope,
) {
  // One statement revokes a live key and answers it: the audit's view is the key it revoked.
  const row = await repo.revokeKey(ctx.db, ctx.stationId, keyId, ctx.now);
  if (!row) throw notFound('station_key_not_found');
  audit?.before({ name: row.name, key_prefix: row.keyPrefix, scopes: row.scopes });
  audit?.after(null);
}

export type TStationKeyAuth = {
  keyId: string;
  name: string;
  keyPrefix: string;
  scopes: TStationKeyScope[];
  rateLimitPerMinute: number;
  /** The admin who created the key: what the key does is done in their name. */
  userId: string;
  station: { id: string; slug: string; displayName: string };
};

/**
 * The live key a request presented, with its station; refused (401) when missing, unknown or
 * revoked. Notes the use, at most once a minute per key.
 */
export async function authenticateStationKey(
  db: Db,
  presented: string | undefined,
  at: Date,
): Promise<TStationKeyAuth> {
  if (!presented) throw new AppError('station_key_missing');
  if (!presented.startsWith(STATION_KEY_PREFIX)) throw new AppError('station_key_invalid');
  const row = await repo.findLiveKeyByHash(db, sha256(presented));
  if (!row) throw new AppError('station_key_invalid');
  const station = await findStationAccess(db, row.stationId);
  if (!station) throw new AppError('station_key_invalid');
  const staleBefore = new Date(at.getTime() - LAST_USED_EVERY_MS);
  if (!row.lastUsedAt || row.lastUsedAt < staleBefore) await repo.touchKey(db, row.id, at, staleBefore);
  return {
    keyId: row.id,
    name: row.name,
    keyPrefix: row.keyPrefix,
    scopes: row.scopes as TStationKeyScope[],
    rateLimitPerMinute: row.rateLimitPerMinute,
    userId: row.createdBy,
    station: { id: station.id, slug: station.slug, displayName: station.displayName },
  };
}
