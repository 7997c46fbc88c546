// The translation memory's rows (translation_memory, decision 0059): a finished translation found,
// a claim taken, renewed, fulfilled or given back, and old rows pruned. Times are the database's
// clock, the same for every node.
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { translationMemory } from '../../db/schema/owned/translation.js';

export type TMemoryRow = typeof translationMemory.$inferSelect;
export type TMemorySlot = {
  scope: string;
  stationId: string | null;
  key: string;
  from: string;
  to: string;
};

const clock = sql`clock_timestamp()`;
const later = (ms: number) => sql`clock_timestamp() + ${ms} * interval '1 millisecond'`;

/** The row under `key` while `token` holds its claim. */
const heldClaim = (scope: string, key: string, token: string) =>
  and(
    eq(translationMemory.scope, scope),
    eq(translationMemory.key, key),
    eq(translationMemory.state, 'claimed'),
    eq(translationMemory.claimToken, token),
  );

/** The finished translation under `key`, if any (and not past its short life), counted as a hit. */
export async function takeDone(db: DbOrTx, scope: string, key: string): Promise<TMemoryRow | null> {
  const [row] = await db
    .update(translationMemory)
    .set({ hits: sql`${translationMemory.hits} + 1`, usedAt: clock })
    .where(
      and(
        eq(translationMemory.scope, scope),
        eq(translationMemory.key, key),
        eq(translationMemory.state, 'done'),
        or(isNull(translationMemory.expiresAt), gt(translationMemory.expiresAt, clock)),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Takes the claim on `key` for `token`: a new row, or one whose claim lapsed (its job died) or
 * whose short-lived translation expired. Answers whether the claim is ours.
 */
export async function claim(db: DbOrTx, slot: TMemorySlot, token: string, leaseMs: number): Promise<boolean> {
  const rows = await db
    .insert(translationMemory)
    .values({
      scope: slot.scope,
      stationId: slot.stationId,
      key: slot.key,
      fromLanguage: slot.from,
      toLanguage: slot.to,
      state: 'claimed',
      claimToken: token,
      claimedUntil: later(leaseMs),
      usedAt: clock,
      createdAt: clock,
      updatedAt: clock,
    })
    .onConflictDoUpdate({
      target: [translationMemory.scope, translationMemory.key],
      set: {
        state: 'claimed',
        claimToken: token,
        claimedUntil: later(leaseMs),
        translatedText: null,
        engine: null,
        expiresAt: null,
        updatedAt: clock,
      },
      setWhere: or(
        and(eq(translationMemory.state, 'claimed'), lt(translationMemory.claimedUntil, clock)),
        and(eq(translationMemory.state, 'done'), lt(translationMemory.expiresAt, clock)),
      ),
    })
    .returning({ token: translationMemory.claimToken });
  return rows[0]?.token === token;
}

/** Keeps a running claim alive; false when it lapsed and another job took it. */
export async function renewClaim(db: DbOrTx, scope: string, key: string, token: string, leaseMs: number) {
  const rows = await db
    .update(translationMemory)
    .set({ claimedUntil: later(leaseMs) })
    .where(heldClaim(scope, key, token))
    .returning({ id: translationMemory.id });
  return rows.length > 0;
}

/** The translation under `key`, done: waiters take it from here. */
export async function fulfil(
  db: DbOrTx,
  scope: string,
  key: string,
  values: { engine: string; translatedText: string; unknownWords: string[]; shortLifeMs: number | null },
) {
  await db
    .update(translationMemory)
    .set({
      state: 'done',
      claimToken: null,
      claimedUntil: null,
      engine: values.engine,
      translatedText: values.translatedText,
      unknownWords: values.unknownWords,
      expiresAt: values.shortLifeMs === null ? null : later(values.shortLifeMs),
      usedAt: clock,
      updatedAt: clock,
    })
    .where(and(eq(translationMemory.scope, scope), eq(translationMemory.key, key)));
}

/** Gives a claim back (the engine failed, or its text cannot be kept): the next job may claim. */
export async function release(db: DbOrTx, scope: string, key: string, token: string) {
  await db.delete(translationMemory).where(heldClaim(scope, key, token));
}

/** What stands under `key` now (waiters look whether it is done, or its claim lapsed). */
export async function findSlot(db: DbOrTx, scope: string, key: string) {
  const [row] = await db
    .select({
      state: translationMemory.state,
      lapsed: sql<boolean>`coalesce(${translationMemory.claimedUntil} < clock_timestamp(), false)`,
    })
    .from(translationMemory)
    .where(and(eq(translationMemory.scope, scope), eq(translationMemory.key, key)));
  return row ?? null;
}

/** Rows unused for `days`, lapsed claims and expired stand-ins go (the minute's sweep). */
export async function pruneMemory(db: DbOrTx, days: number) {
  await db
    .delete(translationMemory)
    .where(
      or(
        lt(translationMemory.usedAt, sql`clock_timestamp() - ${days} * interval '1 day'`),
        and(
          eq(translationMemory.state, 'claimed'),
          lt(translationMemory.claimedUntil, sql`clock_timestamp() - interval '1 hour'`),
        ),
        lt(translationMemory.expiresAt, clock),
      ),
    );
}
