// Typed calls for the admin Billing page (GET /admin/api/billing) and its credit
// ledger, plus the development test checkout that stands in for Stripe's Payment Links.
import {
  billingDevCheckout,
  billingGet,
  billingHistory,
  type TBillingInfo,
  type TCreditLedgerEntry,
  type TDevCheckoutRequest,
  type TDevCheckoutResponse,
} from '@message-station/shared';
import { call } from './call';

export type { TCheckoutKind, TDevCheckoutRequest } from '@message-station/shared';

export function getBilling(signal?: AbortSignal): Promise<TBillingInfo> {
  return call(billingGet, { signal });
}

/** Newest first. */
export function getBillingHistory(signal?: AbortSignal): Promise<TCreditLedgerEntry[]> {
  return call(billingHistory, { signal });
}

/** Development only: the server signs a Stripe event for this checkout and runs it through its webhook. */
export function devCheckout(request: TDevCheckoutRequest): Promise<TDevCheckoutResponse> {
  return call(billingDevCheckout, { body: request });
}
