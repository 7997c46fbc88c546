// Queries on the inbox tables (conversations and their texts). Every query names the station.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { inboxConversations, inboxMessages } from '../../db/schema/owned/inbox.js';

export type TConversationRow = typeof inboxConversations.$inferSelect;
export type TInboxMessageRow = typeof inboxMessages.$inferSelect;
type TNewInboxMessage = typeof inboxMessages.$inferInsert;

/** Room enough for the list's one line; the whole text is in the thread. */
const PREVIEW_CHARS = 140;
export const previewOf = (text: string) =>
  [...text.replace(/\s+/g, ' ').trim()].slice(0, PREVIEW_CHARS).join('');

export function listConversations(db: DbOrTx, stationId: string, limit: number) {
  return db
    .select()
    .from(inboxConversations)
    .where(eq(inboxConversations.stationId, stationId))
    .orderBy(desc(inboxConversations.lastMessageAt), desc(inboxConversations.id))
    .limit(limit);
}

export async function findConversation(
  db: DbOrTx,
  stationId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = db
    .select()
    .from(inboxConversations)
    .where(and(eq(inboxConversations.stationId, stationId), eq(inboxConversations.id, id)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function unreadTotal(db: DbOrTx, stationId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${inboxConversations.unreadCount}), 0)::int` })
    .from(inboxConversations)
    .where(eq(inboxConversations.stationId, stationId));
  return Number(row?.total ?? 0);
}

/**
 * The conversation of a station and number, created on its first text, with the text counted:
 * `unread` for a subscriber's text. Locks the row until the transaction ends.
 */
export async function touchConversation(
  db: DbOrTx,
  values: {
    stationId: string;
    phone: string;
    contactId: string | null;
    at: Date;
    preview: string;
    direction: TConversationRow['lastDirection'];
    unread: number;
  },
): Promise<TConversationRow> {
  const [row] = await db
    .insert(inboxConversations)
    .values({
      stationId: values.stationId,
      phone: values.phone,
      contactId: values.contactId,
      unreadCount: values.unread,
      lastMessageAt: values.at,
      lastPreview: previewOf(values.preview),
      lastDirection: values.direction,
      createdAt: values.at,
      updatedAt: values.at,
    })
    .onConflictDoUpdate({
      target: [inboxConversations.stationId, inboxConversations.phone],
      set: {
        contactId: sql`coalesce(excluded.contact_id, ${inboxConversations.contactId})`,
        unreadCount: sql`${inboxConversations.unreadCount} + ${values.unread}`,
        lastMessageAt: values.at,
        lastPreview: previewOf(values.preview),
        lastDirection: values.direction,
        updatedAt: values.at,
      },
    })
    .returning();
  if (!row) throw new Error('conversation upsert returned nothing');
  return row;
}

export async function markRead(db: DbOrTx, stationId: string, id: string, at: Date) {
  const [row] = await db
    .update(inboxConversations)
    .set({ unreadCount: 0, updatedAt: at })
    .where(and(eq(inboxConversations.stationId, stationId), eq(inboxConversations.id, id)))
    .returning({ id: inboxConversations.id });
  return row ?? null;
}

export async function setAutoRepliedAt(db: DbOrTx, stationId: string, id: string, at: Date) {
  await db
    .update(inboxConversations)
    .set({ autoRepliedAt: at })
    .where(and(eq(inboxConversations.stationId, stationId), eq(inboxConversations.id, id)));
}

/** The list's line follows a translation that finished after its text was the latest. */
export async function setPreviewIfLatest(
  db: DbOrTx,
  stationId: string,
  id: string,
  at: Date,
  preview: string,
) {
  await db
    .update(inboxConversations)
    .set({ lastPreview: previewOf(preview) })
    .where(
      and(
        eq(inboxConversations.stationId, stationId),
        eq(inboxConversations.id, id),
        eq(inboxConversations.lastMessageAt, at),
      ),
    );
}

/** Inserts a text; an inbound one already stored (same provider id) answers null. */
export async function insertMessage(db: DbOrTx, values: TNewInboxMessage) {
  const [row] = await db
    .insert(inboxMessages)
    .values(values)
    .onConflictDoNothing({
      target: inboxMessages.providerMessageId,
      where: sql`${inboxMessages.direction} = 'in'`,
    })
    .returning();
  return row ?? null;
}

export async function findMessage(db: DbOrTx, stationId: string, id: string) {
  const [row] = await db
    .select()
    .from(inboxMessages)
    .where(and(eq(inboxMessages.stationId, stationId), eq(inboxMessages.id, id)))
    .limit(1);
  return row ?? null;
}

export function listMessages(db: DbOrTx, stationId: string, conversationId: string, limit: number) {
  // The latest `limit` texts, oldest first.
  const latest = db
    .select()
    .from(inboxMessages)
    .where(and(eq(inboxMessages.stationId, stationId), eq(inboxMessages.conversationId, conversationId)))
    .orderBy(desc(inboxMessages.createdAt), desc(inboxMessages.id))
    .limit(limit)
    .as('latest');
  return db.select().from(latest).orderBy(asc(latest.createdAt), asc(latest.id));
}

export async function updateMessage(
  db: DbOrTx,
  stationId: string,
  id: string,
  values: Partial<TNewInboxMessage>,
  /** Only while the translation is still this (a finished one is never overwritten). */
  whileTranslation?: TInboxMessageRow['translationStatus'],
) {
  const [row] = await db
    .update(inboxMessages)
    .set(values)
    .where(
      and(
        eq(inboxMessages.stationId, stationId),
        eq(inboxMessages.id, id),
        whileTranslation ? eq(inboxMessages.translationStatus, whileTranslation) : undefined,
      ),
    )
    .returning();
  return row ?? null;
}
