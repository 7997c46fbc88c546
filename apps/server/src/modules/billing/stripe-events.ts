// Applies Stripe webhook events to stations and the credit ledger, each event exactly once.
// Payment Links carry the station id as client_reference_id; later invoices are matched by the
// Stripe customer the first checkout recorded.
import {
  CREDIT_PACK,
  MONTHLY_INCLUDED_CREDITS,
  PAYMENT_GRACE_DAYS,
  PLAN_TIERS,
  type TPlanTier,
} from '@message-station/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { stations, stripeEvents } from '../../db/schema/index.js';
import { addCredits, startNewMonth } from './ledger.js';

export type TStripeEvent = { id: string; type: string; created: number; data: { object: unknown } };

const ZId = z.union([z.string(), z.object({ id: z.string() }).transform((o) => o.id)]);

const ZCheckoutSession = z.object({
  id: z.string(),
  mode: z.enum(['payment', 'subscription', 'setup']),
  payment_status: z.string(),
  client_reference_id: z.string().nullish(),
  customer: ZId.nullish(),
  subscription: ZId.nullish(),
  amount_subtotal: z.number().nullish(),
  amount_total: z.number().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});

const ZInvoice = z.object({
  id: z.string(),
  customer: ZId.nullish(),
  billing_reason: z.string().nullish(),
  amount_paid: z.number().nullish(),
  period_end: z.number().nullish(),
  lines: z
    .object({ data: z.array(z.object({ period: z.object({ end: z.number() }).partial().nullish() })) })
    .nullish(),
});

const ZSubscription = z.object({ id: z.string(), customer: ZId.nullish() });

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type TOutcome = { stationId: string | null; outcome: string };

/** The tier a subscription checkout bought: the link's metadata, else the price paid. */
function tierOf(session: z.infer<typeof ZCheckoutSession>): string {
  const named = session.metadata?.tier;
  if (named) return named;
  const paid = session.amount_subtotal ?? session.amount_total ?? 0;
  const match = Object.entries(PLAN_TIERS).find(([, tier]) => tier.priceCents === paid);
  return (match?.[0] as TPlanTier | undefined) ?? 'custom';
}

async function stationById(tx: DbOrTx, id: string | null | undefined) {
  if (!id || !UUID.test(id)) return null;
  const [row] = await tx.select().from(stations).where(eq(stations.id, id)).limit(1);
  return row ?? null;
}

async function stationByCustomer(tx: DbOrTx, customerId: string | null | undefined) {
  if (!customerId) return null;
  const [row] = await tx.select().from(stations).where(eq(stations.stripeCustomerId, customerId)).limit(1);
  return row ?? null;
}

async function checkoutCompleted(tx: DbOrTx, event: TStripeEvent, at: Date): Promise<TOutcome> {
  const session = ZCheckoutSession.parse(event.data.object);
  const station = await stationById(tx, session.client_reference_id);
  if (!station)
    return { stationId: null, outcome: `ignored: no station ${session.client_reference_id ?? '(none)'}` };
  if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') {
    return { stationId: station.id, outcome: `waiting: payment ${session.payment_status}` };
  }
  if (session.mode === 'subscription') {
    const tier = tierOf(session);
    await tx
      .update(stations)
      .set({
        paymentStatus: 'paid',
        subscriptionTier: tier,
        stripeCustomerId: session.customer ?? station.stripeCustomerId,
        stripeSubscriptionId: session.subscription ?? station.stripeSubscriptionId,
        paymentFailedAt: null,
        paymentExpiresAt: new Date(at.getTime() + 31 * DAY_MS),
        updatedAt: at,
      })
      .where(eq(stations.id, station.id));
    // The first month starts now; whatever the trial left carries over.
    const month = await startNewMonth(tx, station.id, {
      grant: station.monthlyCredits || MONTHLY_INCLUDED_CREDITS,
      description: `Monthly included credits (${PLAN_TIERS[tier as TPlanTier]?.label ?? 'Custom Plan'} plan started)`,
      amountCents: session.amount_total ?? null,
      reference: event.id,
      at,
    });
    return { stationId: station.id, outcome: `subscribed (${tier}); rolled over ${month.rollover}` };
  }
  if (session.mode === 'payment') {
    const packs =
      Number(session.metadata?.packs) || Math.floor((session.amount_subtotal ?? 0) / CREDIT_PACK.priceCents);
    if (packs < 1) return { stationId: station.id, outcome: 'ignored: paid less than one credit pack' };
    const credits = packs * CREDIT_PACK.credits;
    await addCredits(tx, station.id, {
      kind: 'purchase',
      credits,
      description: `Purchased ${credits.toLocaleString('en-US')} credits`,
      amountCents: session.amount_total ?? null,
      reference: event.id,
      at,
    });
    return { stationId: station.id, outcome: `purchased ${credits} credits` };
  }
  return { stationId: station.id, outcome: `ignored: checkout mode ${session.mode}` };
}

async function invoicePaid(tx: DbOrTx, event: TStripeEvent, at: Date): Promise<TOutcome> {
  const invoice = ZInvoice.parse(event.data.object);
  const station = await stationByCustomer(tx, invoice.customer);
  if (!station)
    return { stationId: null, outcome: `ignored: no station for customer ${invoice.customer ?? '(none)'}` };
  const periodEnd = invoice.lines?.data[0]?.period?.end ?? invoice.period_end;
  await tx
    .update(stations)
    .set({
      paymentStatus: 'paid',
      paymentFailedAt: null,
      ...(periodEnd ? { paymentExpiresAt: new Date(periodEnd * 1000) } : {}),
      updatedAt: at,
    })
    .where(eq(stations.id, station.id));
  // The first invoice is the checkout itself, which already started the month.
  if (invoice.billing_reason !== 'subscription_cycle') {
    return { stationId: station.id, outcome: `paid (${invoice.billing_reason ?? 'invoice'})` };
  }
  const month = await startNewMonth(tx, station.id, {
    grant: station.monthlyCredits || MONTHLY_INCLUDED_CREDITS,
    description: 'Monthly included credits (renewal)',
    amountCents: invoice.amount_paid ?? null,
    reference: event.id,
    at,
  });
  return { stationId: station.id, outcome: `renewed; rolled over ${month.rollover}` };
}

async function invoiceFailed(tx: DbOrTx, event: TStripeEvent, at: Date): Promise<TOutcome> {
  const invoice = ZInvoice.parse(event.data.object);
  const station = await stationByCustomer(tx, invoice.customer);
  if (!station)
    return { stationId: null, outcome: `ignored: no station for customer ${invoice.customer ?? '(none)'}` };
  const failedAt = station.paymentFailedAt ?? at;
  const overdue = at.getTime() - failedAt.getTime() >= PAYMENT_GRACE_DAYS * DAY_MS;
  await tx
    .update(stations)
    .set({
      paymentFailedAt: failedAt,
      ...(overdue && station.paymentStatus === 'paid' ? { paymentStatus: 'suspended' as const } : {}),
      updatedAt: at,
    })
    .where(eq(stations.id, station.id));
  return { stationId: station.id, outcome: overdue ? 'payment failed; SMS suspended' : 'payment failed' };
}

async function subscriptionDeleted(tx: DbOrTx, event: TStripeEvent, at: Date): Promise<TOutcome> {
  const subscription = ZSubscription.parse(event.data.object);
  const station = await stationByCustomer(tx, subscription.customer);
  if (!station) return { stationId: null, outcome: 'ignored: no station for customer' };
  await tx
    .update(stations)
    .set({ paymentStatus: 'unpaid', stripeSubscriptionId: null, paymentExpiresAt: null, updatedAt: at })
    .where(eq(stations.id, station.id));
  return { stationId: station.id, outcome: 'subscription ended' };
}

const HANDLERS: Record<string, (tx: DbOrTx, event: TStripeEvent, at: Date) => Promise<TOutcome>> = {
  'checkout.session.completed': checkoutCompleted,
  'checkout.session.async_payment_succeeded': checkoutCompleted,
  'invoice.paid': invoicePaid,
  'invoice.payment_failed': invoiceFailed,
  'customer.subscription.deleted': subscriptionDeleted,
};

/**
 * Applies one verified event. The event id is claimed in the same transaction as its effects,
 * so a redelivery (or two deliveries at once) changes nothing the second time.
 */
export async function applyStripeEvent(db: Db, event: TStripeEvent, at: Date) {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, outcome: 'applying', payload: event, receivedAt: at })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (claimed.length === 0) return { duplicate: true as const, outcome: 'already applied' };
    const handler = HANDLERS[event.type];
    const result = handler
      ? await handler(tx, event, at)
      : { stationId: null, outcome: 'ignored: event type' };
    await tx
      .update(stripeEvents)
      .set({ outcome: result.outcome, stationId: result.stationId })
      .where(eq(stripeEvents.id, event.id));
    return { duplicate: false as const, outcome: result.outcome };
  });
}
