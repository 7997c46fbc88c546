// Billing's part of the dashboard's one-statement read (decision 0061): the included credits, and the
// station's credits and payment state from its billing row.
import type { SQL } from 'drizzle-orm';
import { includedCreditsSql as includedCredits } from './ledger-repo.js';
import {
  stationBillingCardSql as billingCard,
  paymentStatusSql as paymentStatus,
} from './station-billing-repo.js';

/** The credits the station's plan includes this period, as a column of the dashboard's statement. */
export function includedCreditsSql(stationId: SQL): SQL {
  return includedCredits(stationId);
}

/** The JSON of a station's billing row that the dashboard shows and words its alerts from. */
export type TStationBillingCardJson = {
  smsCreditsBalance: number;
  monthlyCredits: number;
  paymentStatus: 'paid' | 'trial' | 'suspended' | 'unpaid';
  paymentFailedAt: string | null;
  paymentExpiresAt: string | null;
};

/** The station's credits, plan and payment state as JSON (the dashboard's card and alerts); null when gone. */
export function stationBillingCardSql(stationId: SQL): SQL {
  return billingCard(stationId);
}

/** The station's payment status, for a fragment that is read only for some statuses. */
export function paymentStatusSql(stationId: SQL): SQL {
  return paymentStatus(stationId);
}
