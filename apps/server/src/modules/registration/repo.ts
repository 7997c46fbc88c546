// Queries on signup drafts.
import { eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { registrationDrafts } from '../../db/schema/owned/registration.js';

export type { TDraftMessageType } from '../../db/schema/owned/registration.js';

export async function insertDraft(db: DbOrTx, values: typeof registrationDrafts.$inferInsert) {
  const [row] = await db.insert(registrationDrafts).values(values).returning();
  if (!row) throw new Error('draft insert returned nothing');
  return row;
}

export async function findDraft(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(registrationDrafts).where(eq(registrationDrafts.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function markDraftCompleted(db: DbOrTx, id: string, stationId: string, at: Date) {
  await db
    .update(registrationDrafts)
    // The admin account now holds the password hash; the draft keeps no copy.
    .set({ completedAt: at, stationId, passwordHash: '' })
    .where(eq(registrationDrafts.id, id));
}

export async function deleteDraft(db: DbOrTx, id: string) {
  await db.delete(registrationDrafts).where(eq(registrationDrafts.id, id));
}

/** Drafts past their 24 hours can never complete; they hold a password hash, so they go. */
export async function deleteExpiredDrafts(db: DbOrTx, now: Date) {
  await db.delete(registrationDrafts).where(lt(registrationDrafts.expiresAt, now));
}
