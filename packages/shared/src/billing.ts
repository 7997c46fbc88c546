// Plans, credit packs and billing shapes. The one source of
// prices for landing, terms and billing (decision 0010 on the credit pack).
import { z } from 'zod';
import { PAYMENT_STATUSES } from './constants.js';
import { refusal } from './issue-message.js';
import { TEXT_LIMITS, textField } from './text-field.js';

export const PLAN_TIERS = {
  basic: { label: 'Starter', priceCents: 5000 },
  professional: { label: 'Professional', priceCents: 7500 },
  enterprise: { label: 'Enterprise', priceCents: 10000 },
} as const;
export type TPlanTier = keyof typeof PLAN_TIERS;
export const CUSTOM_PLAN_LABEL = 'Custom Plan';

export function planLabel(tier: string): string {
  return tier in PLAN_TIERS ? PLAN_TIERS[tier as TPlanTier].label : CUSTOM_PLAN_LABEL;
}

/** Extra credits: one pack is 500 credits for $10 (2 cents each). */
export const CREDIT_PACK = { credits: 500, priceCents: 1000 } as const;
/** SMS included in every month of the plan. */
export const MONTHLY_INCLUDED_CREDITS = 500;
/** A failed renewal suspends SMS after this many days (terms.ts, "Fees, Billing and SMS Credits"). */
export const PAYMENT_GRACE_DAYS = 15;

/**
 * The balance is low below this share of the credits the station's period grants: the plan's month
 * (500 → under 100) or, during the free trial, the trial's grant (50 → under 10), so the untouched
 * trial grant never reads as low.
 */
export const LOW_CREDIT_SHARE = 0.2;

/** The balance under which credits are low, for a period that grants `allowance` credits. */
export function lowCreditThreshold(allowance: number): number {
  return Math.ceil(Math.max(allowance, 0) * LOW_CREDIT_SHARE);
}

export function isLowOnCredits(balance: number, allowance: number): boolean {
  return balance < lowCreditThreshold(allowance);
}

export function formatUsd(cents: number): string {
  const dollars = cents / 100;
  return `$${Number.isInteger(dollars) ? dollars : dollars.toFixed(2)}`;
}

export const CREDIT_LEDGER_KINDS = [
  'trial_grant',
  'monthly_grant',
  'rollover',
  'purchase',
  'send',
  'refund',
] as const;
export type TCreditLedgerKind = (typeof CREDIT_LEDGER_KINDS)[number];

export const ZBillingInfo = z.object({
  stationID: z.string(),
  billingEmail: z.string().nullable(),
  smsCreditsBalance: z.number(),
  smsCreditsRollover: z.number(),
  smsCreditsPurchased: z.number(),
  /** Credits spent this month net of refunds, as a positive number (shown negative). */
  smsCreditsUsedMonth: z.number(),
  /** The plan's monthly allowance. */
  monthlyCredits: z.number(),
  /** What this period's grant actually gave (the trial grant during the free trial). */
  monthlyIncluded: z.number(),
  periodStartedAt: z.string().nullable(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentExpiresAt: z.string().nullable(),
  /** First failed renewal not yet made good; SMS is suspended PAYMENT_GRACE_DAYS after it. */
  paymentFailedAt: z.string().nullable(),
  subscriptionTier: z.string(),
  stripeTestMode: z.boolean(),
  /** Payment Link bases; the page adds client_reference_id and prefilled_email. Null when not set up. */
  stripeSubscriptionURL: z.string().nullable(),
  stripeCreditsURL: z.string().nullable(),
  /** Stripe customer portal login link (change plan, update card, cancel); null when not set up. */
  stripePortalURL: z.string().nullable(),
  creditPack: z.object({ credits: z.number(), priceCents: z.number() }),
  /**
   * The free trial while the station is in it: the credits it granted (what usage is measured
   * against instead of `monthlyCredits`) and when it ends; null on a plan or without one.
   */
  trial: z.object({ credits: z.number(), endsAt: z.string().nullable() }).nullable(),
});
export type TBillingInfo = z.infer<typeof ZBillingInfo>;

/** Why a month's included credits came (monthly_grant lines). */
export const MONTHLY_GRANT_CAUSES = ['opening', 'plan_started', 'renewal'] as const;
export type TMonthlyGrantCause = (typeof MONTHLY_GRANT_CAUSES)[number];

/**
 * What the page words a ledger line from, with its kind: monthly_grant {cause, plan
 * (the tier) when a plan started}, purchase {credits}, send {title, recipients}, refund {count};
 * trial_grant and rollover need none.
 */
export const ZCreditLedgerParams = z.object({
  cause: z.enum(MONTHLY_GRANT_CAUSES).optional(),
  plan: z.string().optional(),
  credits: z.number().optional(),
  title: z.string().optional(),
  recipients: z.number().optional(),
  count: z.number().optional(),
});
export type TCreditLedgerParams = z.infer<typeof ZCreditLedgerParams>;

export const ZCreditLedgerEntry = z.object({
  id: z.string(),
  kind: z.enum(CREDIT_LEDGER_KINDS),
  /** Change to the balance; a rollover entry records what carried over and changes nothing. */
  credits: z.number(),
  balanceAfter: z.number(),
  /** The line in English for API clients; the page words it from `kind` and `params`. */
  description: z.string(),
  /** Null on lines written before ledger lines kept their params: the page shows `description`. */
  params: ZCreditLedgerParams.nullable(),
  amountCents: z.number().nullable(),
  createdAt: z.string(),
});
export type TCreditLedgerEntry = z.infer<typeof ZCreditLedgerEntry>;
/** GET /admin/api/billing/history: newest first. */
export const ZCreditLedgerList = z.array(ZCreditLedgerEntry);

/** A Payment Link opened for this station: Stripe hands both values back on the checkout session. */
export function paymentLinkUrl(base: string, stationId: string, email: string | null): string {
  const url = new URL(base);
  url.searchParams.set('client_reference_id', stationId);
  if (email) url.searchParams.set('prefilled_email', email);
  return url.toString();
}

/** What a Payment Link's checkout collects: a subscription plan or credit packs. */
export const CHECKOUT_KINDS = ['subscription', 'credits'] as const;
export type TCheckoutKind = (typeof CHECKOUT_KINDS)[number];

/** POST /dev/api/stripe/checkout (development only): the checkout a Stripe event is built for. */
export const ZDevCheckoutRequest = z.object({
  kind: z.enum(CHECKOUT_KINDS),
  client_reference_id: textField({
    label: 'client_reference_id',
    max: TEXT_LIMITS.token,
    required: refusal('checkout_station_required'),
  }),
  email: textField({ label: 'email', max: TEXT_LIMITS.email }).optional(),
  tier: z.enum(Object.keys(PLAN_TIERS) as ['basic', 'professional', 'enterprise']).default('basic'),
  packs: z.number().int().min(1).max(10).default(1),
});
export type TDevCheckoutRequest = z.input<typeof ZDevCheckoutRequest>;

/** The signed event went through the real webhook: its id and what it did. */
export const ZDevCheckoutResponse = z.object({
  ok: z.literal(true),
  event_id: z.string(),
  outcome: z.string(),
});
export type TDevCheckoutResponse = z.infer<typeof ZDevCheckoutResponse>;
