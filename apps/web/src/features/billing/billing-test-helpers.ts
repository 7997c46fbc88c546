// Test fixtures for the billing pages: a station's billing info, ledger entries, and a fetch mock
// that routes on "METHOD /path" (query string left out) behind a signed-in admin.
import type { TBillingInfo, TCreditLedgerEntry } from '@message-station/shared';
import { mockApi, type TApiHandler } from '../../test/api-mock';
import { jsonResponse, sessionUser } from '../../test/render-app';

export { callsTo } from '../../test/api-mock';

export function billingInfo(overrides: Partial<TBillingInfo> = {}): TBillingInfo {
  return {
    stationID: 'station-1',
    billingEmail: 'billing@demoradio.org',
    smsCreditsBalance: 1680,
    smsCreditsRollover: 300,
    smsCreditsPurchased: 1000,
    smsCreditsUsedMonth: 120,
    monthlyCredits: 500,
    monthlyIncluded: 500,
    periodStartedAt: '2026-03-01T12:00:00.000Z',
    paymentStatus: 'paid',
    paymentExpiresAt: '2026-04-01T12:00:00.000Z',
    paymentFailedAt: null,
    subscriptionTier: 'basic',
    stripeTestMode: false,
    stripeSubscriptionURL: 'https://buy.stripe.com/test_sub',
    stripeCreditsURL: 'https://buy.stripe.com/test_credits',
    stripePortalURL: 'https://billing.stripe.com/p/login/test_portal',
    creditPack: { credits: 500, priceCents: 1000 },
    trial: null,
    ...overrides,
  };
}

export function ledgerEntry(overrides: Partial<TCreditLedgerEntry> = {}): TCreditLedgerEntry {
  return {
    id: 'l-1',
    kind: 'purchase',
    credits: 500,
    balanceAfter: 1680,
    description: 'Purchased 500 credits',
    params: { credits: 500 },
    amountCents: 1000,
    createdAt: '2026-03-10T12:00:00.000Z',
    ...overrides,
  };
}

/** A signed-in admin, an empty ledger, and `handlers` keyed by "METHOD /path". */
export function mockBillingApi(handlers: Record<string, TApiHandler>) {
  return mockApi({
    'GET /auth/session': () => jsonResponse(sessionUser()),
    'GET /admin/api/billing/history': () => jsonResponse([]),
    ...handlers,
  });
}

/** A station as signup leaves it: 14 days and 50 credits of free trial, nothing used yet. */
export function trialBillingInfo(overrides: Partial<TBillingInfo> = {}): TBillingInfo {
  const endsAt = '2026-12-11T15:00:00.000Z';
  return billingInfo({
    smsCreditsBalance: 50,
    smsCreditsRollover: 0,
    smsCreditsPurchased: 0,
    smsCreditsUsedMonth: 0,
    monthlyIncluded: 50,
    periodStartedAt: '2026-11-27T15:00:00.000Z',
    paymentStatus: 'trial',
    paymentExpiresAt: endsAt,
    trial: { credits: 50, endsAt },
    ...overrides,
  });
}
