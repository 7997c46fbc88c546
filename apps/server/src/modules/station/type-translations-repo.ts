// Queries on message type wording per language: message_type_translations, and
// message_types where a language has no wording of its own. The rules are in type-translations.ts.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { messageTypes, messageTypeTranslations } from '../../db/schema/owned/station.js';

/** One type's wording in one language, as written (type-translations.ts's TTypeWordingRow fits it). */
export type TTypeWordingValues = Omit<typeof messageTypeTranslations.$inferInsert, 'stationId' | 'updatedAt'>;
type TTypeKey = TTypeWordingValues['messageType'];

/** Writes rows, replacing what a language had unless `keepExisting` (a language added back). */
export async function writeTypeWording(
  db: DbOrTx,
  stationId: string,
  rows: TTypeWordingValues[],
  at: Date,
  options: { keepExisting?: boolean } = {},
) {
  if (rows.length === 0) return;
  const insert = db
    .insert(messageTypeTranslations)
    .values(rows.map((row) => ({ ...row, stationId, updatedAt: at })));
  if (options.keepExisting) {
    await insert.onConflictDoNothing();
    return;
  }
  await insert.onConflictDoUpdate({
    target: [
      messageTypeTranslations.stationId,
      messageTypeTranslations.messageType,
      messageTypeTranslations.language,
    ],
    set: {
      displayName: sql`excluded.display_name`,
      description: sql`excluded.description`,
      source: sql`excluded.source`,
      updatedAt: sql`excluded.updated_at`,
    },
  });
}

/** The station's wording rows, in every language or only in `languages`. */
export function listTypeWording(db: DbOrTx, stationId: string, languages?: string[]) {
  return db
    .select()
    .from(messageTypeTranslations)
    .where(
      and(
        eq(messageTypeTranslations.stationId, stationId),
        languages ? inArray(messageTypeTranslations.language, languages) : undefined,
      ),
    );
}

/** The languages in which staff wrote their own wording of one type. */
export async function listStaffWordingLanguages(db: DbOrTx, stationId: string, messageType: TTypeKey) {
  const rows = await db
    .select({ language: messageTypeTranslations.language })
    .from(messageTypeTranslations)
    .where(
      and(
        eq(messageTypeTranslations.stationId, stationId),
        eq(messageTypeTranslations.messageType, messageType),
        eq(messageTypeTranslations.source, 'staff'),
      ),
    );
  return rows.map((row) => row.language);
}

/** Drops one type's wording in these languages, except staff's own. */
export async function deleteNonStaffWording(
  db: DbOrTx,
  stationId: string,
  messageType: TTypeKey,
  languages: string[],
) {
  await db
    .delete(messageTypeTranslations)
    .where(
      and(
        eq(messageTypeTranslations.stationId, stationId),
        eq(messageTypeTranslations.messageType, messageType),
        inArray(messageTypeTranslations.language, languages),
        ne(messageTypeTranslations.source, 'staff'),
      ),
    );
}

/** Each type with its primary wording (message_types) and its wording in `language`, if any. */
export function listTypesWithWordingIn(db: DbOrTx, stationId: string, language: string) {
  return db
    .select({
      id: messageTypes.id,
      messageType: messageTypes.messageType,
      primaryName: messageTypes.displayName,
      primaryDescription: messageTypes.description,
      name: messageTypeTranslations.displayName,
      description: messageTypeTranslations.description,
    })
    .from(messageTypes)
    .leftJoin(
      messageTypeTranslations,
      and(
        eq(messageTypeTranslations.stationId, messageTypes.stationId),
        eq(messageTypeTranslations.messageType, messageTypes.messageType),
        eq(messageTypeTranslations.language, language),
      ),
    )
    .where(eq(messageTypes.stationId, stationId));
}
