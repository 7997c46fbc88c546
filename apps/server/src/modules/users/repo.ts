// Queries on station users and their API keys; every station-scoped query filters on stationId.
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { apiKeys, users } from '../../db/schema/owned/users.js';

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

export async function findUserById(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

export async function setUserLanguage(db: DbOrTx, userId: string, language: 'en' | 'es') {
  await db.update(users).set({ language }).where(eq(users.id, userId));
}

/** A sign-in: the one before it moves to previous_login_at (the update reads the old row). */
export async function setLastLogin(db: DbOrTx, userId: string, at: Date) {
  await db
    .update(users)
    .set({ previousLoginAt: sql`${users.lastLoginAt}`, lastLoginAt: at })
    .where(eq(users.id, userId));
}

const stationUserColumns = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  phoneNumber: users.phoneNumber,
  role: users.role,
  apiAccessEnabled: users.apiAccessEnabled,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  keyPrefix: apiKeys.keyPrefix,
  keyCreatedAt: apiKeys.createdAt,
  keyLastUsedAt: apiKeys.lastUsedAt,
};

export type TStationUserRow = Awaited<ReturnType<typeof listStationUsers>>[number];

function stationUsersQuery(db: DbOrTx) {
  return db
    .select(stationUserColumns)
    .from(users)
    .leftJoin(apiKeys, and(eq(apiKeys.userId, users.id), isNull(apiKeys.revokedAt)));
}

export function listStationUsers(db: DbOrTx, stationId: string) {
  return stationUsersQuery(db)
    .where(eq(users.stationId, stationId))
    .orderBy(asc(users.createdAt), asc(users.email));
}

export async function findStationUser(
  db: DbOrTx,
  stationId: string,
  userId: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = stationUsersQuery(db)
    .where(and(eq(users.stationId, stationId), eq(users.id, userId)))
    .limit(1);
  // The user's row is locked, not the key beside it (the outer join's nullable side cannot be).
  const [row] = options.forUpdate ? await query.for('update', { of: users }) : await query;
  return row ?? null;
}

export async function updateStationUser(
  db: DbOrTx,
  stationId: string,
  userId: string,
  values: Partial<Pick<typeof users.$inferInsert, 'fullName' | 'email' | 'phoneNumber' | 'apiAccessEnabled'>>,
  at: Date,
) {
  const rows = await db
    .update(users)
    .set({ ...values, updatedAt: at })
    .where(and(eq(users.stationId, stationId), eq(users.id, userId)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Deletes a standard user; admin rows are never matched. */
export async function deleteStandardUser(db: DbOrTx, stationId: string, userId: string) {
  const rows = await db
    .delete(users)
    .where(and(eq(users.stationId, stationId), eq(users.id, userId), eq(users.role, 'user')))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function revokeLiveApiKey(db: DbOrTx, stationId: string, userId: string, at: Date) {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.stationId, stationId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length;
}

export async function insertApiKey(db: DbOrTx, values: typeof apiKeys.$inferInsert) {
  await db.insert(apiKeys).values(values);
}

/**
 * The live key with this hash, with its user (for signing an agent in). The station's slug, name and
 * plan state are the station module's: users/service.ts adds them.
 */
const LIVE_KEY_FIELDS = {
  keyId: apiKeys.id,
  userId: users.id,
  stationId: apiKeys.stationId,
  apiAccessEnabled: users.apiAccessEnabled,
  fullName: users.fullName,
  email: users.email,
  role: users.role,
};

export type TLiveKeyRow = NonNullable<Awaited<ReturnType<typeof findLiveApiKey>>>;

function selectLiveKey(db: DbOrTx, match: SQL) {
  return db
    .select(LIVE_KEY_FIELDS)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(match, isNull(apiKeys.revokedAt)))
    .limit(1);
}

export async function findLiveApiKey(db: DbOrTx, keyHash: string) {
  const [row] = await selectLiveKey(db, eq(apiKeys.keyHash, keyHash));
  return row ?? null;
}

/** The same key, by id, if it is still live (not revoked, user not deleted). */
export async function findLiveApiKeyById(db: DbOrTx, keyId: string) {
  const [row] = await selectLiveKey(db, eq(apiKeys.id, keyId));
  return row ?? null;
}

export async function touchApiKey(db: DbOrTx, keyId: string, at: Date) {
  await db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, keyId));
}

/** The station's admins with what an email to them needs (their address, name and language). */
export function listStationAdmins(db: DbOrTx, stationId: string) {
  return db
    .select({ id: users.id, email: users.email, fullName: users.fullName, language: users.language })
    .from(users)
    .where(and(eq(users.stationId, stationId), eq(users.role, 'admin')))
    .orderBy(asc(users.createdAt));
}
