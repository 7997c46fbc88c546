// Typed calls for the admin Billing page (spec §7 Admin: GET /admin/api/billing) and its credit
// ledger, plus the development test checkout that stands in for Stripe's Payment Links.
import type {
  TBillingInfo,
  TCreditLedgerEntry,
  TDevCheckoutRequest,
  TDevCheckoutResponse,
} from '@message-station/shared';
import { api } from './client';

export type { TCheckoutKind, TDevCheckoutRequest } from '@message-station/shared';

export function getBilling(signal?: AbortSignal): Promise<TBillingInfo> {
  return api<TBillingInfo>('/admin/api/billing', { signal });
}

/** Newest first. */
export function getBillingHistory(signal?: AbortSignal): Promise<TCreditLedgerEntry[]> {
  return api<TCreditLedgerEntry[]>('/admin/api/billing/history', { signal });
}

/** Development only: the server signs a Stripe event for this checkout and runs it through its webhook. */
export function devCheckout(request: TDevCheckoutRequest): Promise<TDevCheckoutResponse> {
  return api<TDevCheckoutResponse>('/dev/api/stripe/checkout', { method: 'POST', body: request });
}
