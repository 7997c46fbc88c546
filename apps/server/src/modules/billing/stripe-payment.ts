// What a Stripe payload says was paid, and for which subscription: the amounts decide what a
// checkout buys, never its metadata alone (decision 0018). Pure functions over parsed payloads.
import { CREDIT_PACK, formatUsd, PLAN_TIERS, type TPlanTier } from '@message-station/shared';
import { z } from 'zod';

const ZId = z.union([z.string(), z.object({ id: z.string() }).transform((o) => o.id)]);

export const ZCheckoutSession = z.object({
  id: z.string(),
  /** payment and subscription are used; any other (setup, or one Stripe adds) is acknowledged and ignored. */
  mode: z.string(),
  payment_status: z.string(),
  client_reference_id: z.string().nullish(),
  customer: ZId.nullish(),
  subscription: ZId.nullish(),
  currency: z.string().nullish(),
  amount_subtotal: z.number().nullish(),
  amount_total: z.number().nullish(),
  total_details: z
    .object({ amount_shipping: z.number().nullish(), amount_tax: z.number().nullish() })
    .nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  /** Only when the payload was expanded (Stripe leaves line items out of webhook events). */
  line_items: z
    .object({
      data: z.array(
        z.object({
          quantity: z.number().nullish(),
          price: z.object({ id: z.string(), unit_amount: z.number().nullish() }).nullish(),
        }),
      ),
    })
    .nullish(),
});
export type TCheckoutSession = z.infer<typeof ZCheckoutSession>;

export const ZInvoice = z.object({
  id: z.string(),
  customer: ZId.nullish(),
  /** Before Stripe API 2025-03-31 the subscription sits here... */
  subscription: ZId.nullish(),
  /** ...since then under parent.subscription_details. */
  parent: z.object({ subscription_details: z.object({ subscription: ZId.nullish() }).nullish() }).nullish(),
  billing_reason: z.string().nullish(),
  amount_paid: z.number().nullish(),
  period_end: z.number().nullish(),
  lines: z
    .object({ data: z.array(z.object({ period: z.object({ end: z.number() }).partial().nullish() })) })
    .nullish(),
});
export type TInvoice = z.infer<typeof ZInvoice>;

export const ZSubscription = z.object({ id: z.string(), customer: ZId.nullish() });

export function invoiceSubscriptionId(invoice: TInvoice): string | null {
  return invoice.subscription ?? invoice.parent?.subscription_details?.subscription ?? null;
}

/** The tier whose monthly price was paid (before discounts); any other price is a custom plan. */
export function tierPaid(session: TCheckoutSession): TPlanTier | 'custom' {
  const paid = session.amount_subtotal ?? session.amount_total ?? 0;
  const match = Object.entries(PLAN_TIERS).find(([, tier]) => tier.priceCents === paid);
  return (match?.[0] as TPlanTier | undefined) ?? 'custom';
}

export type TPacksPaid = { packs: number; paidCents: number } | { mismatch: string };

/**
 * Credit packs a payment checkout paid for: what the buyer paid, less tax and shipping, in whole
 * packs. metadata.packs and expanded line items may only confirm that number; any disagreement,
 * another currency or a part of a pack is a mismatch that credits nothing.
 */
export function packsPaid(session: TCheckoutSession): TPacksPaid {
  const currency = (session.currency ?? 'usd').toLowerCase();
  if (currency !== 'usd') return { mismatch: `paid in ${currency}, not usd` };
  const extras = (session.total_details?.amount_tax ?? 0) + (session.total_details?.amount_shipping ?? 0);
  const paidCents = (session.amount_total ?? 0) - extras;
  const packs = paidCents / CREDIT_PACK.priceCents;
  if (!Number.isInteger(packs) || packs < 1) {
    return {
      mismatch: `paid ${formatUsd(paidCents)}, not a whole number of ${formatUsd(CREDIT_PACK.priceCents)} credit packs`,
    };
  }
  const named = session.metadata?.packs;
  if (named !== undefined && Number(named) !== packs) {
    return { mismatch: `metadata.packs says ${named} but ${packs} were paid for` };
  }
  const lines = session.line_items?.data;
  if (lines) {
    const wrongPrice = lines.find((line) => line.price?.unit_amount !== CREDIT_PACK.priceCents);
    if (wrongPrice) {
      return { mismatch: `line item price ${wrongPrice.price?.id ?? '(none)'} is not the credit pack price` };
    }
    const quantity = lines.reduce((sum, line) => sum + (line.quantity ?? 1), 0);
    if (quantity !== packs)
      return { mismatch: `line items hold ${quantity} packs but ${packs} were paid for` };
  }
  return { packs, paidCents };
}
