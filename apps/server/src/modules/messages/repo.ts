// Queries on messages and their translations; every one filters on the station but the
// translation sweep's, which looks across stations for rows that lost their job.
import { and, asc, eq, inArray, lte, notInArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { messages, messageTranslations } from '../../db/schema/owned/messages.js';

export type TMessageRow = typeof messages.$inferSelect;
export type TTranslationRow = typeof messageTranslations.$inferSelect;

/**
 * The messages list as one statement (decision 0061): a page of the station's messages, newest
 * first, each as its row with its translations (in listTranslations' order) and `extra`, JSON the
 * caller's modules write about the message (`messageId` is its id column); and `pageColumns`,
 * further columns about the page as a whole (`pageIds` and `pageAuthors` are subqueries of its
 * ids and authors). Answers one row: `messages` (JSON) and the page columns. The values are SQL
 * (placeholders of a named statement); which filters appear is the statement's shape.
 */
export function messageListSql(
  values: { stationId: SQL; limit: SQL; type?: SQL; pattern?: SQL },
  parts: {
    extra: (messageId: SQL) => SQL;
    pageColumns: (pageIds: SQL, pageAuthors: SQL) => SQL;
  },
): SQL {
  const { stationId, limit, type, pattern } = values;
  const byType = type ? sql` and m.message_type = ${type}` : sql``;
  const matching = pattern ? sql` and (m.title ilike ${pattern} or m.original ilike ${pattern})` : sql``;
  return sql`with page as (
      select m.* from ${messages} m where m.station_id = ${stationId}${byType}${matching}
      order by m.created_at desc, m.id desc limit ${limit})
    select (select coalesce(json_agg(json_build_object(
        'message', to_json(p),
        'translations', (select coalesce(json_agg(to_json(t) order by t.created_at, t.language_code), '[]'::json)
          from ${messageTranslations} t where t.message_id = p.id and t.station_id = ${stationId}),
        'extra', ${parts.extra(sql`p.id`)}) order by p.created_at desc, p.id desc), '[]'::json)
      from page p) as messages,
      ${parts.pageColumns(sql`select p.id from page p`, sql`select p.created_by from page p`)}`;
}

/** A row of to_json(table) (snake_case keys, timestamps as text) as Drizzle reads it. */
function fromJson<T>(json: Record<string, unknown>, timestamps: readonly string[]): T {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(json)) {
    const name = key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    row[name] = timestamps.includes(name) && typeof value === 'string' ? new Date(value) : value;
  }
  return row as T;
}

export function messageRowFromJson(json: Record<string, unknown>): TMessageRow {
  return fromJson<TMessageRow>(json, ['createdAt', 'updatedAt']);
}

export function translationRowFromJson(json: Record<string, unknown>): TTranslationRow {
  return fromJson<TTranslationRow>(json, ['createdAt', 'updatedAt', 'reviewedAt']);
}

export async function findMessage(
  db: DbOrTx,
  stationId: string,
  messageId: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = db
    .select()
    .from(messages)
    .where(and(eq(messages.stationId, stationId), eq(messages.id, messageId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** Several messages of the station in one read (a list that names them); unknown ids are left out. */
export function findMessages(db: DbOrTx, stationId: string, messageIds: string[]): Promise<TMessageRow[]> {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.stationId, stationId), inArray(messages.id, messageIds)));
}

export async function insertMessage(db: DbOrTx, values: typeof messages.$inferInsert) {
  const [row] = await db.insert(messages).values(values).returning();
  if (!row) throw new Error('message insert returned nothing');
  return row;
}

export async function updateMessage(
  db: DbOrTx,
  stationId: string,
  messageId: string,
  values: Partial<typeof messages.$inferInsert>,
) {
  const [row] = await db
    .update(messages)
    .set(values)
    .where(and(eq(messages.stationId, stationId), eq(messages.id, messageId)))
    .returning();
  return row ?? null;
}

export async function deleteMessage(db: DbOrTx, stationId: string, messageId: string) {
  const rows = await db
    .delete(messages)
    .where(and(eq(messages.stationId, stationId), eq(messages.id, messageId)))
    .returning({ id: messages.id });
  return rows.length === 1;
}

export function listTranslations(db: DbOrTx, stationId: string, messageIds: string[]) {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(messageTranslations)
    .where(
      and(eq(messageTranslations.stationId, stationId), inArray(messageTranslations.messageId, messageIds)),
    )
    .orderBy(asc(messageTranslations.createdAt), asc(messageTranslations.languageCode));
}

export async function removeTranslationsExcept(
  db: DbOrTx,
  stationId: string,
  messageId: string,
  keep: string[],
) {
  await db
    .delete(messageTranslations)
    .where(
      and(
        eq(messageTranslations.stationId, stationId),
        eq(messageTranslations.messageId, messageId),
        keep.length ? notInArray(messageTranslations.languageCode, keep) : undefined,
      ),
    );
}

export async function insertTranslation(db: DbOrTx, values: typeof messageTranslations.$inferInsert) {
  const [row] = await db.insert(messageTranslations).values(values).returning();
  if (!row) throw new Error('translation insert returned nothing');
  return row;
}

export async function updateTranslation(
  db: DbOrTx,
  stationId: string,
  messageId: string,
  languageCode: string,
  values: Partial<typeof messageTranslations.$inferInsert>,
  onlyRevision?: number,
) {
  const [row] = await db
    .update(messageTranslations)
    .set(values)
    .where(
      and(
        eq(messageTranslations.stationId, stationId),
        eq(messageTranslations.messageId, messageId),
        eq(messageTranslations.languageCode, languageCode),
        onlyRevision === undefined ? undefined : eq(messageTranslations.revision, onlyRevision),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Writes a new revision of a translation: the increment happens in the update itself, so two
 * concurrent writers get consecutive revisions and neither is lost. Null when there is no row.
 */
export async function bumpTranslation(
  db: DbOrTx,
  stationId: string,
  messageId: string,
  languageCode: string,
  values: Omit<Partial<typeof messageTranslations.$inferInsert>, 'revision'>,
) {
  const [row] = await db
    .update(messageTranslations)
    .set({ ...values, revision: sql`${messageTranslations.revision} + 1` })
    .where(
      and(
        eq(messageTranslations.stationId, stationId),
        eq(messageTranslations.messageId, messageId),
        eq(messageTranslations.languageCode, languageCode),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Pending rows of every station last written before `updatedBefore` with no job of `jobQueue`
 * waiting, retrying or running for their revision. Jobs are matched on the data the worker reads,
 * so every job ever queued counts. pg-boss keeps its tables in the `pgboss` schema
 * (platform/jobs.ts); the queue is named by the caller, whose pg-boss side it is.
 */
export function listPendingTranslationsWithoutJob(
  db: DbOrTx,
  input: { jobQueue: string; updatedBefore: Date; limit: number },
) {
  const t = messageTranslations;
  return db
    .select({
      stationId: t.stationId,
      messageId: t.messageId,
      language: t.languageCode,
      revision: t.revision,
    })
    .from(t)
    .where(
      and(
        eq(t.status, 'pending'),
        lte(t.updatedAt, input.updatedBefore),
        sql`not exists (
          select 1 from pgboss.job j
          where j.name = ${input.jobQueue}
            and j.state in ('created', 'retry', 'active')
            and j.data->>'messageId' = ${t.messageId}::text
            and j.data->>'language' = ${t.languageCode}
            and (j.data->>'revision')::int = ${t.revision}
        )`,
      ),
    )
    .orderBy(t.updatedAt)
    .limit(input.limit);
}
