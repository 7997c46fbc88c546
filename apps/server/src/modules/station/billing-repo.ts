// Queries on a station row's billing state and SMS credit balance. The station module owns the
// `stations` table; billing (its ledger, Stripe events, payment deadlines) changes these columns
// through station/billing-service.ts, in the caller's transaction.
import { and, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { stations } from '../../db/schema/owned/station.js';

export type TStationRow = typeof stations.$inferSelect;

/** The columns a Stripe event may change. */
export type TStationBillingChange = Partial<
  Pick<
    typeof stations.$inferInsert,
    | 'paymentStatus'
    | 'subscriptionTier'
    | 'stripeCustomerId'
    | 'stripeSubscriptionId'
    | 'paymentFailedAt'
    | 'paymentExpiresAt'
    | 'stripeStateAt'
    | 'updatedAt'
  >
>;

export async function findStationRow(db: DbOrTx, stationId: string): Promise<TStationRow | null> {
  const [station] = await db.select().from(stations).where(eq(stations.id, stationId)).limit(1);
  return station ?? null;
}

/** The station row by id or Stripe customer, locked: two events for one station apply one after the other. */
export async function lockStationRow(
  tx: DbOrTx,
  by: 'id' | 'customer',
  value: string,
): Promise<TStationRow | null> {
  const column = by === 'id' ? stations.id : stations.stripeCustomerId;
  const [row] = await tx.select().from(stations).where(eq(column, value)).limit(1).for('update');
  return row ?? null;
}

export async function setStationBilling(tx: DbOrTx, stationId: string, change: TStationBillingChange) {
  await tx.update(stations).set(change).where(eq(stations.id, stationId));
}

/** Adds to the balance; answers the new balance, or null when there is no such station. */
export async function addToCreditBalance(
  tx: DbOrTx,
  stationId: string,
  credits: number,
): Promise<number | null> {
  const [row] = await tx
    .update(stations)
    .set({ smsCreditsBalance: sql`${stations.smsCreditsBalance} + ${credits}` })
    .where(eq(stations.id, stationId))
    .returning({ balance: stations.smsCreditsBalance });
  return row?.balance ?? null;
}

/** A guarded update that never takes the balance below zero: null (nothing changed) when short. */
export async function spendFromCreditBalance(
  tx: DbOrTx,
  stationId: string,
  credits: number,
): Promise<number | null> {
  const [row] = await tx
    .update(stations)
    .set({ smsCreditsBalance: sql`${stations.smsCreditsBalance} - ${credits}` })
    .where(and(eq(stations.id, stationId), gte(stations.smsCreditsBalance, credits)))
    .returning({ balance: stations.smsCreditsBalance });
  return row?.balance ?? null;
}

/** The balance, with the station row locked until the transaction ends; null when no station. */
export async function lockCreditBalance(tx: DbOrTx, stationId: string): Promise<number | null> {
  const [station] = await tx
    .select({ balance: stations.smsCreditsBalance })
    .from(stations)
    .where(eq(stations.id, stationId))
    .for('update');
  return station?.balance ?? null;
}

/** Paid stations whose renewal has failed since before `graceStart` become suspended. */
export async function suspendOverdueStations(db: DbOrTx, graceStart: Date, now: Date): Promise<number> {
  const suspended = await db
    .update(stations)
    .set({ paymentStatus: 'suspended', updatedAt: now })
    .where(
      and(
        eq(stations.paymentStatus, 'paid'),
        isNotNull(stations.paymentFailedAt),
        lte(stations.paymentFailedAt, graceStart),
      ),
    )
    .returning({ id: stations.id });
  return suspended.length;
}

/** Trials past their end date leave the station without a subscription. */
export async function endExpiredTrials(db: DbOrTx, now: Date): Promise<number> {
  const trialsEnded = await db
    .update(stations)
    .set({ paymentStatus: 'unpaid', updatedAt: now })
    .where(and(eq(stations.paymentStatus, 'trial'), lte(stations.paymentExpiresAt, now)))
    .returning({ id: stations.id });
  return trialsEnded.length;
}
