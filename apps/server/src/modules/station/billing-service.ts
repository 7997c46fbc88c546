// What billing may do to a station's payment state and SMS credit balance, for the billing
// module's ledger, Stripe events and payment deadlines; the station module owns the columns.
import type { DbOrTx } from '../../db/client.js';
import * as billing from './billing-repo.js';

export type { TStationBillingChange, TStationRow } from './billing-repo.js';

/** The station row, or null. */
export function findStationRow(db: DbOrTx, stationId: string): Promise<billing.TStationRow | null> {
  return billing.findStationRow(db, stationId);
}

/** The station by id or Stripe customer, locked: two events for one station apply one after the other. */
export function lockStationRow(
  tx: DbOrTx,
  by: 'id' | 'customer',
  value: string,
): Promise<billing.TStationRow | null> {
  return billing.lockStationRow(tx, by, value);
}

/** Applies what a Stripe event changed of the station's plan and payment state. */
export function setStationBilling(tx: DbOrTx, stationId: string, change: billing.TStationBillingChange) {
  return billing.setStationBilling(tx, stationId, change);
}

/** Credits the balance; answers the new balance, or null when there is no such station. */
export function addToCreditBalance(tx: DbOrTx, stationId: string, credits: number): Promise<number | null> {
  return billing.addToCreditBalance(tx, stationId, credits);
}

/** Spends from the balance, never below zero: null (nothing changed) when short. */
export function spendFromCreditBalance(
  tx: DbOrTx,
  stationId: string,
  credits: number,
): Promise<number | null> {
  return billing.spendFromCreditBalance(tx, stationId, credits);
}

/** The balance, with the station locked until the transaction ends; null when no station. */
export function lockCreditBalance(tx: DbOrTx, stationId: string): Promise<number | null> {
  return billing.lockCreditBalance(tx, stationId);
}

/** Paid stations whose renewal has failed since before `graceStart` become suspended. */
export function suspendOverdueStations(db: DbOrTx, graceStart: Date, now: Date): Promise<number> {
  return billing.suspendOverdueStations(db, graceStart, now);
}

/** Trials past their end date leave the station without a subscription. */
export function endExpiredTrials(db: DbOrTx, now: Date): Promise<number> {
  return billing.endExpiredTrials(db, now);
}
