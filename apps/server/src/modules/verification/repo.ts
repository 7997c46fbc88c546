// Queries on one-time verification codes.
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { verificationCodes } from '../../db/schema/owned/verification.js';

export type TCodePurpose = (typeof verificationCodes.$inferSelect)['purpose'];

export async function insertCode(db: DbOrTx, values: typeof verificationCodes.$inferInsert) {
  const [row] = await db.insert(verificationCodes).values(values).returning();
  if (!row) throw new Error('code insert returned nothing');
  return row;
}

/** The newest code of a subject that has not been used. */
export async function findLatestCode(db: DbOrTx, purpose: TCodePurpose, subjectId: string) {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, purpose),
        eq(verificationCodes.subjectId, subjectId),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row ?? null;
}

export async function voidOpenCodes(db: DbOrTx, purpose: TCodePurpose, subjectId: string, at: Date) {
  await db
    .update(verificationCodes)
    .set({ voidedAt: at })
    .where(
      and(
        eq(verificationCodes.purpose, purpose),
        eq(verificationCodes.subjectId, subjectId),
        isNull(verificationCodes.consumedAt),
        isNull(verificationCodes.voidedAt),
      ),
    );
}

export async function countCodesSince(db: DbOrTx, by: { phone?: string; ip?: string }, since: Date) {
  const filter = by.phone ? eq(verificationCodes.phone, by.phone) : eq(verificationCodes.ip, by.ip ?? '');
  const [row] = await db
    .select({ n: count() })
    .from(verificationCodes)
    .where(and(filter, gt(verificationCodes.createdAt, since)));
  return row?.n ?? 0;
}

/** Counts one try, atomically; null when the code is out of tries, voided or used. */
export async function recordAttempt(db: DbOrTx, codeId: string) {
  const [row] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, codeId),
        lt(verificationCodes.attempts, verificationCodes.maxAttempts),
        isNull(verificationCodes.voidedAt),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .returning({ attempts: verificationCodes.attempts, maxAttempts: verificationCodes.maxAttempts });
  return row ?? null;
}

export async function voidCode(db: DbOrTx, codeId: string, at: Date) {
  await db.update(verificationCodes).set({ voidedAt: at }).where(eq(verificationCodes.id, codeId));
}

/** Marks the code used; false when another request used it first. */
export async function consumeCode(db: DbOrTx, codeId: string, at: Date) {
  const rows = await db
    .update(verificationCodes)
    .set({ consumedAt: at })
    .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}

export async function deleteCodesOf(db: DbOrTx, purpose: TCodePurpose, subjectId: string) {
  await db
    .delete(verificationCodes)
    .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.subjectId, subjectId)));
}

/** Codes older than the longest counting window (an hour) serve no purpose. */
export async function deleteCodesBefore(db: DbOrTx, before: Date) {
  await db.delete(verificationCodes).where(lt(verificationCodes.createdAt, before));
}
