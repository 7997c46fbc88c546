// Queries on stations, their languages and message types.
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { messageTypes, stationLanguages, stationLogos, stations } from '../../db/schema/owned/station.js';

export type TNewStation = typeof stations.$inferInsert;

export async function insertStation(db: DbOrTx, values: TNewStation) {
  const [row] = await db.insert(stations).values(values).returning();
  if (!row) throw new Error('station insert returned nothing');
  return row;
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

/** What a user's API access depends on: the plan state, and the slug and name an agent signs in with. */
export async function findStationAccess(db: DbOrTx, stationId: string) {
  const [row] = await db
    .select({
      id: stations.id,
      slug: stations.slug,
      displayName: stations.displayName,
      paymentStatus: stations.paymentStatus,
    })
    .from(stations)
    .where(eq(stations.id, stationId))
    .limit(1);
  return row ?? null;
}

export async function findStationBySlug(db: DbOrTx, slug: string) {
  const [row] = await db.select().from(stations).where(eq(stations.slug, slug)).limit(1);
  return row ?? null;
}

export async function findStationById(db: DbOrTx, stationId: string) {
  const [row] = await db.select().from(stations).where(eq(stations.id, stationId)).limit(1);
  return row ?? null;
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

export async function updateStation(
  db: DbOrTx,
  stationId: string,
  values: Partial<Omit<TNewStation, 'id' | 'slug' | 'name' | 'createdAt'>>,
) {
  const [row] = await db.update(stations).set(values).where(eq(stations.id, stationId)).returning();
  return row ?? null;
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

export async function stationRequiresTwoFactor(db: DbOrTx, stationId: string): Promise<boolean> {
  const [row] = await db
    .select({ requireTwoFactor: stations.requireTwoFactor })
    .from(stations)
    .where(eq(stations.id, stationId))
    .limit(1);
  return row?.requireTwoFactor ?? false;
}

export async function setStationRequiresTwoFactor(db: DbOrTx, stationId: string, value: boolean, at: Date) {
  await db.update(stations).set({ requireTwoFactor: value, updatedAt: at }).where(eq(stations.id, stationId));
}
