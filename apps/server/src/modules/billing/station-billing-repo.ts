// Queries on a station's billing row (`station_billing`, one per station, decision 0065): its plan,
// payment state and SMS credit balance. Billing owns the table: its ledger, the Stripe events and
// the payment deadlines write it, in the caller's transaction.
import { and, eq, getTableColumns, gte, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { stationBilling } from '../../db/schema/owned/billing.js';

/** The billing row, with the station's id also as `id`. */
const billingRow = { id: stationBilling.stationId, ...getTableColumns(stationBilling) };

export type TStationBillingRow = typeof stationBilling.$inferSelect & { id: string };

/** What a new station's row starts with (the columns' defaults for the rest). */
export type TNewStationBilling = Pick<
  typeof stationBilling.$inferInsert,
  'stationId' | 'billingEmail' | 'paymentStatus' | 'paymentExpiresAt' | 'createdAt' | 'updatedAt'
>;

/** The columns a Stripe event may change. */
export type TStationBillingChange = Partial<
  Pick<
    typeof stationBilling.$inferInsert,
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

export async function insertStationBilling(tx: DbOrTx, values: TNewStationBilling) {
  await tx.insert(stationBilling).values(values);
}

export async function findStationBilling(db: DbOrTx, stationId: string): Promise<TStationBillingRow | null> {
  const [row] = await db
    .select(billingRow)
    .from(stationBilling)
    .where(eq(stationBilling.stationId, stationId))
    .limit(1);
  return row ?? null;
}

/** Every station's payment status and credit balance. */
export function listStationBilling(db: DbOrTx) {
  return db
    .select({
      stationId: stationBilling.stationId,
      paymentStatus: stationBilling.paymentStatus,
      smsCreditsBalance: stationBilling.smsCreditsBalance,
    })
    .from(stationBilling);
}

/** The billing row by station id or Stripe customer, locked: two events for one station apply one after the other. */
export async function lockStationBilling(
  tx: DbOrTx,
  by: 'id' | 'customer',
  value: string,
): Promise<TStationBillingRow | null> {
  const column = by === 'id' ? stationBilling.stationId : stationBilling.stripeCustomerId;
  const [row] = await tx
    .select(billingRow)
    .from(stationBilling)
    .where(eq(column, value))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function setStationBilling(tx: DbOrTx, stationId: string, change: TStationBillingChange) {
  await tx.update(stationBilling).set(change).where(eq(stationBilling.stationId, stationId));
}

/**
 * The balance moved by `delta` credits in one update; with `floor`, only when it stays at zero or
 * above (the guard of a spend). Answers the new balance, or null when nothing changed: no such
 * station, or too few credits.
 */
async function moveCreditBalance(
  tx: DbOrTx,
  stationId: string,
  delta: number,
  floor: boolean,
): Promise<number | null> {
  const ofStation = eq(stationBilling.stationId, stationId);
  const [row] = await tx
    .update(stationBilling)
    .set({ smsCreditsBalance: sql`${stationBilling.smsCreditsBalance} + ${delta}` })
    .where(floor ? and(ofStation, gte(stationBilling.smsCreditsBalance, -delta)) : ofStation)
    .returning({ balance: stationBilling.smsCreditsBalance });
  return row?.balance ?? null;
}

/** Adds to the balance; answers the new balance, or null when there is no such station. */
export function addToCreditBalance(tx: DbOrTx, stationId: string, credits: number): Promise<number | null> {
  return moveCreditBalance(tx, stationId, credits, false);
}

/** A guarded update that never takes the balance below zero: null (nothing changed) when short. */
export function spendFromCreditBalance(
  tx: DbOrTx,
  stationId: string,
  credits: number,
): Promise<number | null> {
  return moveCreditBalance(tx, stationId, -credits, true);
}

/** The balance, with the billing row locked until the transaction ends; null when no station. */
export async function lockCreditBalance(tx: DbOrTx, stationId: string): Promise<number | null> {
  const [row] = await tx
    .select({ balance: stationBilling.smsCreditsBalance })
    .from(stationBilling)
    .where(eq(stationBilling.stationId, stationId))
    .for('update');
  return row?.balance ?? null;
}

/** Paid stations whose renewal has failed since before `graceStart` become suspended. */
export async function suspendOverdueStations(db: DbOrTx, graceStart: Date, now: Date): Promise<number> {
  const suspended = await db
    .update(stationBilling)
    .set({ paymentStatus: 'suspended', updatedAt: now })
    .where(
      and(
        eq(stationBilling.paymentStatus, 'paid'),
        isNotNull(stationBilling.paymentFailedAt),
        lte(stationBilling.paymentFailedAt, graceStart),
      ),
    )
    .returning({ id: stationBilling.stationId });
  return suspended.length;
}

/** Trials past their end date leave the station without a subscription. */
export async function endExpiredTrials(db: DbOrTx, now: Date): Promise<number> {
  const trialsEnded = await db
    .update(stationBilling)
    .set({ paymentStatus: 'unpaid', updatedAt: now })
    .where(and(eq(stationBilling.paymentStatus, 'trial'), lte(stationBilling.paymentExpiresAt, now)))
    .returning({ id: stationBilling.stationId });
  return trialsEnded.length;
}

/** The billing fields the dashboard shows and words its alerts from, as JSON; null when gone. */
export function stationBillingCardSql(stationId: SQL): SQL {
  return sql`(select json_build_object('smsCreditsBalance', b.sms_credits_balance,
      'monthlyCredits', b.monthly_credits, 'paymentStatus', b.payment_status,
      'paymentFailedAt', b.payment_failed_at, 'paymentExpiresAt', b.payment_expires_at)
    from ${stationBilling} b where b.station_id = ${stationId})`;
}

/** The station's payment status, for a fragment that is read only for some statuses. */
export function paymentStatusSql(stationId: SQL): SQL {
  return sql`(select b.payment_status from ${stationBilling} b where b.station_id = ${stationId})`;
}
