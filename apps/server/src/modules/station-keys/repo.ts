// Queries of station_api_keys. Every read of a station's keys filters on its station.
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { stationApiKeys } from '../../db/schema/owned/station-keys.js';

export type TStationKeyRow = typeof stationApiKeys.$inferSelect;

export async function insertKey(db: DbOrTx, values: typeof stationApiKeys.$inferInsert) {
  const [row] = await db.insert(stationApiKeys).values(values).returning();
  if (!row) throw new Error('station key insert returned nothing');
  return row;
}

/** The station's live keys, newest first. */
export function listLiveKeys(db: DbOrTx, stationId: string) {
  return db
    .select()
    .from(stationApiKeys)
    .where(and(eq(stationApiKeys.stationId, stationId), isNull(stationApiKeys.revokedAt)))
    .orderBy(desc(stationApiKeys.createdAt), desc(stationApiKeys.id));
}

export async function findLiveKey(db: DbOrTx, stationId: string, keyId: string) {
  const [row] = await db
    .select()
    .from(stationApiKeys)
    .where(
      and(
        eq(stationApiKeys.stationId, stationId),
        eq(stationApiKeys.id, keyId),
        isNull(stationApiKeys.revokedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** A live key by its hash, whichever station it is of (the key says which). */
export async function findLiveKeyByHash(db: DbOrTx, keyHash: string) {
  const [row] = await db
    .select()
    .from(stationApiKeys)
    .where(and(eq(stationApiKeys.keyHash, keyHash), isNull(stationApiKeys.revokedAt)))
    .limit(1);
  return row ?? null;
}

export async function revokeKey(db: DbOrTx, stationId: string, keyId: string, at: Date) {
  const [row] = await db
    .update(stationApiKeys)
    .set({ revokedAt: at })
    .where(
      and(
        eq(stationApiKeys.stationId, stationId),
        eq(stationApiKeys.id, keyId),
        isNull(stationApiKeys.revokedAt),
      ),
    )
    .returning();
  return row ?? null;
}

/** Sets last_used_at unless another request did so since `staleBefore` (nodes racing write once). */
export async function touchKey(db: DbOrTx, keyId: string, at: Date, staleBefore: Date) {
  await db
    .update(stationApiKeys)
    .set({ lastUsedAt: at })
    .where(
      and(
        eq(stationApiKeys.id, keyId),
        or(isNull(stationApiKeys.lastUsedAt), lt(stationApiKeys.lastUsedAt, staleBefore)),
      ),
    );
}
