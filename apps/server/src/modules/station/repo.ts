// Queries on stations, their languages and message types.
import { and, asc, eq, getTableColumns, inArray, notInArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  messageTypes,
  stationLanguages,
  stationLogos,
  stationPolicies,
  stations,
} from '../../db/schema/owned/station.js';

export type TNewStation = typeof stations.$inferInsert;
type TPolicies = Pick<
  typeof stationPolicies.$inferInsert,
  'requireTwoFactor' | 'reviewRequiredTypes' | 'approvalRequiredTypes' | 'approvalBypassEmergency'
>;
/** What may change of a station: its own columns and its policies (`station_policies`). */
export type TStationUpdate = Partial<Omit<TNewStation, 'id' | 'slug' | 'name' | 'createdAt'>> & TPolicies;

/** The station's row with its policies (`station_policies`, one row per station). */
const stationWithPolicies = {
  ...getTableColumns(stations),
  requireTwoFactor: stationPolicies.requireTwoFactor,
  reviewRequiredTypes: stationPolicies.reviewRequiredTypes,
  approvalRequiredTypes: stationPolicies.approvalRequiredTypes,
  approvalBypassEmergency: stationPolicies.approvalBypassEmergency,
};

async function findStationWhere(db: DbOrTx, where: SQL) {
  const [row] = await db
    .select(stationWithPolicies)
    .from(stations)
    .innerJoin(stationPolicies, eq(stationPolicies.stationId, stations.id))
    .where(where)
    .limit(1);
  return row ?? null;
}

/** Inserts the station and its policies row (the defaults), in the caller's transaction. */
export async function insertStation(db: DbOrTx, values: TNewStation) {
  const [row] = await db.insert(stations).values(values).returning();
  if (!row) throw new Error('station insert returned nothing');
  const [policies] = await db
    .insert(stationPolicies)
    .values({ stationId: row.id, createdAt: row.createdAt, updatedAt: row.updatedAt })
    .returning();
  if (!policies) throw new Error('station policies insert returned nothing');
  const { stationId: _stationId, createdAt: _createdAt, updatedAt: _updatedAt, ...policy } = policies;
  return { ...row, ...policy };
}

export async function insertStationLanguages(
  db: DbOrTx,
  stationId: string,
  languages: { languageCode: string; displayName: string }[],
) {
  if (languages.length === 0) return;
  await db.insert(stationLanguages).values(languages.map((l) => ({ ...l, stationId })));
}

export async function insertMessageTypes(
  db: DbOrTx,
  stationId: string,
  types: Omit<typeof messageTypes.$inferInsert, 'stationId'>[],
) {
  await db.insert(messageTypes).values(types.map((t) => ({ ...t, stationId })));
}

export async function findStationSummary(db: DbOrTx, stationId: string) {
  const [row] = await db
    .select({
      id: stations.id,
      slug: stations.slug,
      name: stations.name,
      displayName: stations.displayName,
      logoUrl: stations.logoUrl,
    })
    .from(stations)
    .where(eq(stations.id, stationId))
    .limit(1);
  return row ?? null;
}

export async function findStationIdBySlug(db: DbOrTx, slug: string) {
  const [row] = await db.select({ id: stations.id }).from(stations).where(eq(stations.slug, slug)).limit(1);
  return row?.id ?? null;
}

export async function saveLogo(
  db: DbOrTx,
  stationId: string,
  logo: { contentType: 'image/png' | 'image/jpeg'; bytes: Buffer },
  logoUrl: string,
  at: Date,
) {
  await db.transaction(async (tx) => {
    await tx
      .insert(stationLogos)
      .values({
        stationId,
        contentType: logo.contentType,
        bytes: logo.bytes,
        size: logo.bytes.length,
        updatedAt: at,
      })
      .onConflictDoUpdate({
        target: stationLogos.stationId,
        set: { contentType: logo.contentType, bytes: logo.bytes, size: logo.bytes.length, updatedAt: at },
      });
    await tx.update(stations).set({ logoUrl, updatedAt: at }).where(eq(stations.id, stationId));
  });
}

export async function findLogoBySlug(db: DbOrTx, slug: string) {
  const [row] = await db
    .select({
      contentType: stationLogos.contentType,
      bytes: stationLogos.bytes,
      updatedAt: stationLogos.updatedAt,
    })
    .from(stationLogos)
    .innerJoin(stations, eq(stations.id, stationLogos.stationId))
    .where(eq(stations.slug, slug))
    .limit(1);
  return row ?? null;
}

/** The slug and name an agent signs in with. */
export async function findStationAccess(db: DbOrTx, stationId: string) {
  const [row] = await db
    .select({
      id: stations.id,
      slug: stations.slug,
      displayName: stations.displayName,
    })
    .from(stations)
    .where(eq(stations.id, stationId))
    .limit(1);
  return row ?? null;
}

export function findStationBySlug(db: DbOrTx, slug: string) {
  return findStationWhere(db, eq(stations.slug, slug));
}

export function findStationById(db: DbOrTx, stationId: string) {
  return findStationWhere(db, eq(stations.id, stationId));
}

export function listStationLanguages(db: DbOrTx, stationId: string) {
  return db
    .select()
    .from(stationLanguages)
    .where(eq(stationLanguages.stationId, stationId))
    .orderBy(asc(stationLanguages.createdAt), asc(stationLanguages.languageCode));
}

/** Which of these stations offer `language` (an active station language). */
export async function stationsOfferingLanguage(db: DbOrTx, stationIds: string[], language: string) {
  if (stationIds.length === 0) return [];
  const rows = await db
    .select({ stationId: stationLanguages.stationId })
    .from(stationLanguages)
    .where(
      and(
        inArray(stationLanguages.stationId, stationIds),
        eq(stationLanguages.languageCode, language),
        eq(stationLanguages.isActive, true),
      ),
    );
  return rows.map((r) => r.stationId);
}

export function listMessageTypes(db: DbOrTx, stationId: string) {
  return db
    .select()
    .from(messageTypes)
    .where(eq(messageTypes.stationId, stationId))
    .orderBy(asc(messageTypes.sortOrder));
}

export function listStationNames(db: DbOrTx, stationIds: string[]) {
  if (stationIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: stations.id, slug: stations.slug, displayName: stations.displayName })
    .from(stations)
    .where(inArray(stations.id, stationIds));
}

export async function updateMessageType(
  db: DbOrTx,
  stationId: string,
  typeId: string,
  values: Partial<
    Pick<typeof messageTypes.$inferInsert, 'displayName' | 'description' | 'colorCode' | 'isActive'>
  >,
  at: Date,
) {
  const [row] = await db
    .update(messageTypes)
    .set({ ...values, updatedAt: at })
    .where(and(eq(messageTypes.stationId, stationId), eq(messageTypes.id, typeId)))
    .returning();
  return row ?? null;
}

/** Locks the station row until the transaction ends; false when there is no such station. */
export async function lockStation(tx: DbOrTx, stationId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: stations.id })
    .from(stations)
    .where(eq(stations.id, stationId))
    .limit(1)
    .for('update');
  return row !== undefined;
}

/** Updates the station's columns and its policies row; null when the station is gone. */
export async function updateStation(db: DbOrTx, stationId: string, values: TStationUpdate) {
  const { requireTwoFactor, reviewRequiredTypes, approvalRequiredTypes, approvalBypassEmergency, ...own } =
    values;
  const policies = { requireTwoFactor, reviewRequiredTypes, approvalRequiredTypes, approvalBypassEmergency };
  const [row] = await db
    .update(stations)
    .set(own)
    .where(eq(stations.id, stationId))
    .returning({ id: stations.id });
  if (!row) return null;
  if (Object.values(policies).some((value) => value !== undefined)) {
    await db
      .update(stationPolicies)
      .set({ ...policies, ...(own.updatedAt ? { updatedAt: own.updatedAt } : {}) })
      .where(eq(stationPolicies.stationId, stationId));
  }
  return findStationById(db, stationId);
}

/** Makes the station's languages exactly `codes`: drops the others, adds the missing ones. */
export async function setStationLanguages(
  db: DbOrTx,
  stationId: string,
  languages: { languageCode: string; displayName: string }[],
) {
  const codes = languages.map((l) => l.languageCode);
  await db
    .delete(stationLanguages)
    .where(and(eq(stationLanguages.stationId, stationId), notInArray(stationLanguages.languageCode, codes)));
  await db
    .insert(stationLanguages)
    .values(languages.map((l) => ({ ...l, stationId })))
    .onConflictDoNothing({ target: [stationLanguages.stationId, stationLanguages.languageCode] });
}

export async function stationRequiresTwoFactor(
  db: DbOrTx,
  stationId: string,
  options: { forUpdate?: boolean } = {},
): Promise<boolean> {
  const query = db
    .select({ requireTwoFactor: stationPolicies.requireTwoFactor })
    .from(stationPolicies)
    .where(eq(stationPolicies.stationId, stationId))
    .limit(1);
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row?.requireTwoFactor ?? false;
}

/**
 * Sets the two-factor policy; answers the value it replaces, read under the policy row's lock in
 * the same transaction (after the station row's, the order the settings save takes them).
 */
export async function setStationRequiresTwoFactor(
  db: DbOrTx,
  stationId: string,
  value: boolean,
  at: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.update(stations).set({ updatedAt: at }).where(eq(stations.id, stationId));
    const before = await stationRequiresTwoFactor(tx, stationId, { forUpdate: true });
    await tx
      .update(stationPolicies)
      .set({ requireTwoFactor: value, updatedAt: at })
      .where(eq(stationPolicies.stationId, stationId));
    return before;
  });
}
