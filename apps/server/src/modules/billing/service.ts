// Billing info for the admin page, its history, and the daily check that suspends overdue stations.
import {
  CREDIT_PACK,
  PAYMENT_GRACE_DAYS,
  STATION_DEFAULTS,
  type TBillingInfo,
  type TCreditLedgerEntry,
  type TCreditLedgerParams,
  type TPaymentStatus,
} from '@message-station/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { notFound } from '../../platform/errors.js';
import type { TServiceContext } from '../../service-context.js';
import { addCredits, creditBreakdown } from './ledger.js';
import { ledgerLine } from './ledger-lines.js';
import { listLedger } from './ledger-repo.js';
import * as stationBilling from './station-billing-repo.js';

// The ledger is how other modules change a station's credits, in their own transaction.
export { addCredits, spendCredits, startNewMonth } from './ledger.js';
export { ledgerLine } from './ledger-lines.js';

/** What a new station's billing starts with: its plan state, billing address and opening credits. */
export type TOpeningBilling = {
  paymentStatus?: TPaymentStatus;
  paymentExpiresAt?: Date | null;
  billingEmail?: string | null;
  credits: number;
  /** When the opening credits are granted (the request's clock). */
  at: Date;
};

/**
 * A new station's billing row (`station_billing`) and opening credits, in the transaction that
 * creates it: a trial's grant, or the first month's. One of the station's creation steps that
 * station-creation.ts lists and the composition root hands to createStation, so the station
 * module does not call billing to create a station.
 */
export async function grantOpeningCredits(tx: DbOrTx, station: { id: string }, opening: TOpeningBilling) {
  const paymentStatus = opening.paymentStatus ?? STATION_DEFAULTS.paymentStatus;
  await stationBilling.insertStationBilling(tx, {
    stationId: station.id,
    paymentStatus,
    paymentExpiresAt: opening.paymentExpiresAt ?? null,
    billingEmail: opening.billingEmail ?? null,
  });
  const { credits, at } = opening;
  if (credits <= 0) return;
  const trial = paymentStatus === 'trial';
  await addCredits(tx, station.id, {
    kind: trial ? 'trial_grant' : 'monthly_grant',
    credits,
    ...(trial ? ledgerLine.trialGrant() : ledgerLine.openingGrant()),
    at,
  });
}

export async function getBillingInfo(
  context: Pick<TServiceContext, 'db' | 'config' | 'stationId'>,
): Promise<TBillingInfo> {
  const { db, stationId } = context;
  const config = context.config.billing;
  const station = await stationBilling.findStationBilling(db, stationId);
  if (!station) throw notFound('station_not_found');
  const breakdown = await creditBreakdown(db, stationId);
  const inTrial = station.paymentStatus === 'trial';
  return {
    stationID: station.id,
    billingEmail: station.billingEmail,
    smsCreditsBalance: station.smsCreditsBalance,
    smsCreditsRollover: breakdown.rollover,
    smsCreditsPurchased: breakdown.purchased,
    smsCreditsUsedMonth: breakdown.used,
    monthlyCredits: station.monthlyCredits,
    monthlyIncluded: breakdown.included,
    periodStartedAt: breakdown.periodStartedAt?.toISOString() ?? null,
    paymentStatus: station.paymentStatus,
    paymentExpiresAt: station.paymentExpiresAt?.toISOString() ?? null,
    paymentFailedAt: station.paymentFailedAt?.toISOString() ?? null,
    subscriptionTier: station.subscriptionTier,
    stripeTestMode: config.testMode,
    stripeSubscriptionURL: config.subscriptionUrl,
    stripeCreditsURL: config.creditsUrl,
    stripePortalURL: config.portalUrl,
    creditPack: { credits: CREDIT_PACK.credits, priceCents: CREDIT_PACK.priceCents },
    // The trial's period opened with its grant: what it gave is this period's included credits.
    trial: inTrial
      ? { credits: breakdown.included, endsAt: station.paymentExpiresAt?.toISOString() ?? null }
      : null,
  };
}

export async function getBillingHistory(
  context: Pick<TServiceContext, 'db' | 'stationId'>,
): Promise<TCreditLedgerEntry[]> {
  const rows = await listLedger(context.db, context.stationId);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    credits: row.credits,
    balanceAfter: row.balanceAfter,
    description: row.description,
    params: (row.params as TCreditLedgerParams | null) ?? null,
    amountCents: row.amountCents,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * Whether the station may send SMS at this moment, from its dates rather than its stored status
 * (which the hourly job updates): a trial ends at its end date, a failed renewal suspends SMS when
 * its grace period is over.
 */
export function sendingAllowed(
  station: { paymentStatus: string; paymentExpiresAt: Date | null; paymentFailedAt: Date | null },
  now: Date,
): boolean {
  if (station.paymentStatus === 'trial') {
    return station.paymentExpiresAt !== null && station.paymentExpiresAt.getTime() > now.getTime();
  }
  if (station.paymentStatus !== 'paid') return false;
  const graceEnd = station.paymentFailedAt
    ? station.paymentFailedAt.getTime() + PAYMENT_GRACE_DAYS * 86_400_000
    : Number.POSITIVE_INFINITY;
  return now.getTime() < graceEnd;
}

/**
 * Run daily: a renewal still failing after the grace period suspends SMS (terms: 15 days), and a
 * free trial past its end date leaves the station without a subscription.
 */
export async function enforcePaymentDeadlines(db: Db, now: Date) {
  const graceStart = new Date(now.getTime() - PAYMENT_GRACE_DAYS * 86_400_000);
  const suspended = await stationBilling.suspendOverdueStations(db, graceStart, now);
  const trialsEnded = await stationBilling.endExpiredTrials(db, now);
  return { suspended, trialsEnded };
}

/** A station's billing: plan, payment state and dates, billing address, SMS credit balance; null when no station. */
export function findStationBilling(db: DbOrTx, stationId: string) {
  return stationBilling.findStationBilling(db, stationId);
}

/** Each station's payment status and credit balance by station id, for the operator's overview. */
export async function billingPerStation(
  db: DbOrTx,
): Promise<Map<string, { paymentStatus: TPaymentStatus; smsCreditsBalance: number }>> {
  const rows = await stationBilling.listStationBilling(db);
  return new Map(rows.map(({ stationId, ...billing }) => [stationId, billing]));
}
