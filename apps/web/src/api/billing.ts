// Typed calls for the admin Billing page (spec §7 Admin: GET /admin/api/billing) and its credit
// ledger, plus the development test checkout that stands in for Stripe's Payment Links.
import type { TBillingInfo, TCreditLedgerEntry, TPlanTier } from '@message-station/shared';
import { api } from './client';

export function getBilling(signal?: AbortSignal): Promise<TBillingInfo> {
  return api<TBillingInfo>('/admin/api/billing', { signal });
}

/** Newest first. */
export function getBillingHistory(signal?: AbortSignal): Promise<TCreditLedgerEntry[]> {
  return api<TCreditLedgerEntry[]>('/admin/api/billing/history', { signal });
}

export type TCheckoutKind = 'subscription' | 'credits';

/** Body of POST /dev/api/stripe/checkout: what a Payment Link's checkout would have collected. */
export type TDevCheckoutRequest = {
  kind: TCheckoutKind;
  client_reference_id: string;
  email: string;
  tier?: TPlanTier;
  packs?: number;
};

/** Development only: the server signs a Stripe event for this checkout and runs it through its webhook. */
export function devCheckout(request: TDevCheckoutRequest): Promise<{ ok: true; event_id: string }> {
  return api<{ ok: true; event_id: string }>('/dev/api/stripe/checkout', { method: 'POST', body: request });
}
