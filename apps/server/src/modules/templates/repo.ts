// Queries on message templates and their translations; every one filters on the station.
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { messageTemplates, messageTemplateTranslations } from '../../db/schema/owned/templates.js';

export type TTemplateRow = typeof messageTemplates.$inferSelect;
export type TTemplateTranslationRow = typeof messageTemplateTranslations.$inferSelect;
export type TTemplateTranslationValues = Omit<
  typeof messageTemplateTranslations.$inferInsert,
  'id' | 'templateId' | 'stationId' | 'languageCode'
>;

export function listTemplates(db: DbOrTx, stationId: string) {
  return db
    .select()
    .from(messageTemplates)
    .where(eq(messageTemplates.stationId, stationId))
    .orderBy(asc(sql`lower(${messageTemplates.name})`), asc(messageTemplates.id));
}

export async function findTemplate(
  db: DbOrTx,
  stationId: string,
  templateId: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = db
    .select()
    .from(messageTemplates)
    .where(and(eq(messageTemplates.stationId, stationId), eq(messageTemplates.id, templateId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** Another template of the station with this name, ignoring case. */
export async function findTemplateIdByName(db: DbOrTx, stationId: string, name: string) {
  const [row] = await db
    .select({ id: messageTemplates.id })
    .from(messageTemplates)
    .where(
      and(
        eq(messageTemplates.stationId, stationId),
        eq(sql`lower(${messageTemplates.name})`, name.toLowerCase()),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

export async function insertTemplate(db: DbOrTx, values: typeof messageTemplates.$inferInsert) {
  const [row] = await db.insert(messageTemplates).values(values).returning();
  if (!row) throw new Error('template insert returned nothing');
  return row;
}

export async function updateTemplate(
  db: DbOrTx,
  stationId: string,
  templateId: string,
  values: Partial<typeof messageTemplates.$inferInsert>,
) {
  const [row] = await db
    .update(messageTemplates)
    .set(values)
    .where(and(eq(messageTemplates.stationId, stationId), eq(messageTemplates.id, templateId)))
    .returning();
  return row ?? null;
}

export async function deleteTemplate(db: DbOrTx, stationId: string, templateId: string) {
  const rows = await db
    .delete(messageTemplates)
    .where(and(eq(messageTemplates.stationId, stationId), eq(messageTemplates.id, templateId)))
    .returning({ id: messageTemplates.id });
  return rows.length === 1;
}

export function listTranslations(db: DbOrTx, stationId: string, templateIds: string[]) {
  if (templateIds.length === 0) return Promise.resolve([]);
  const t = messageTemplateTranslations;
  return db
    .select()
    .from(t)
    .where(and(eq(t.stationId, stationId), inArray(t.templateId, templateIds)))
    .orderBy(asc(t.languageCode));
}

/** Writes a language's translation of the template, whether it had one or not. */
export async function upsertTranslation(
  db: DbOrTx,
  key: { stationId: string; templateId: string; languageCode: string },
  values: TTemplateTranslationValues,
) {
  const t = messageTemplateTranslations;
  const [row] = await db
    .insert(t)
    .values({ ...key, ...values })
    .onConflictDoUpdate({ target: [t.templateId, t.languageCode], set: values })
    .returning();
  if (!row) throw new Error('template translation upsert returned nothing');
  return row;
}

export async function updateTranslation(
  db: DbOrTx,
  key: { stationId: string; templateId: string; languageCode: string },
  values: Partial<TTemplateTranslationValues>,
) {
  const t = messageTemplateTranslations;
  const [row] = await db
    .update(t)
    .set(values)
    .where(
      and(
        eq(t.stationId, key.stationId),
        eq(t.templateId, key.templateId),
        eq(t.languageCode, key.languageCode),
      ),
    )
    .returning();
  return row ?? null;
}

/** Drops the translations into languages not in `keep` (a new original makes them stale). */
export async function removeTranslationsExcept(
  db: DbOrTx,
  stationId: string,
  templateId: string,
  keep: string[],
) {
  const t = messageTemplateTranslations;
  await db
    .delete(t)
    .where(
      and(
        eq(t.stationId, stationId),
        eq(t.templateId, templateId),
        keep.length ? notInArray(t.languageCode, keep) : undefined,
      ),
    );
}
