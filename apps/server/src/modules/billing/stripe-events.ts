// Applies Stripe webhook events to stations and the credit ledger, each event exactly once.
// Payment Links carry the station id as client_reference_id; later invoices are matched by the
// Stripe customer the first checkout recorded and by the station's current subscription. State
// events apply in the order Stripe created them; a checkout session credits once (decision 0018).
import { CREDIT_PACK, MONTHLY_INCLUDED_CREDITS, PAYMENT_GRACE_DAYS } from '@message-station/shared';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { addCredits, startNewMonth } from './ledger.js';
import { ledgerLine } from './ledger-lines.js';
import { lockStationBilling, setStationBilling, type TStationBillingRow } from './station-billing-repo.js';
import * as repo from './stripe-events-repo.js';
import {
  invoiceSubscriptionId,
  packsPaid,
  type TInvoice,
  tierPaid,
  ZCheckoutSession,
  ZInvoice,
  ZSubscription,
} from './stripe-payment.js';

export type TStripeEvent = { id: string; type: string; created: number; data: { object: unknown } };

const ZEventTime = z.number().int().positive();
const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type TOutcome = { stationId: string | null; outcome: string };

/** The station's billing row, locked: two events for one station apply one after the other. */
async function lockedStation(tx: DbOrTx, by: 'id' | 'customer', value: string | null | undefined) {
  if (!value || (by === 'id' && !UUID.test(value))) return null;
  return lockStationBilling(tx, by, value);
}

const createdAt = (event: TStripeEvent) => new Date(event.created * 1000);

/** A state event older than the newest one applied changes nothing: Stripe may deliver out of order. */
function olderThanState(station: TStationBillingRow, event: TStripeEvent): string | null {
  const at = createdAt(event);
  if (!station.stripeStateAt || at.getTime() >= station.stripeStateAt.getTime()) return null;
  return `ignored: created ${at.toISOString()}, before the last applied event (${station.stripeStateAt.toISOString()})`;
}

function newestState(station: TStationBillingRow, event: TStripeEvent): Date {
  const at = createdAt(event);
  return station.stripeStateAt && station.stripeStateAt > at ? station.stripeStateAt : at;
}

/** Invoices and cancellations count only for the subscription the station has now. */
function otherSubscription(station: TStationBillingRow, subscriptionId: string | null): string | null {
  if (!subscriptionId) return 'ignored: not about a subscription';
  if (subscriptionId === station.stripeSubscriptionId) return null;
  return `ignored: subscription ${subscriptionId} is not the station's current one (${station.stripeSubscriptionId ?? 'none'})`;
}

/**
 * Claims a checkout session for this event. Answers why not when another event (a new id for the
 * same session) already applied it.
 */
async function claimSession(
  tx: DbOrTx,
  claim: {
    sessionId: string;
    stationId: string;
    eventId: string;
    amountCents: number | null;
    credits: number;
  },
): Promise<string | null> {
  const claimed = await repo.claimCheckoutSession(tx, {
    id: claim.sessionId,
    stationId: claim.stationId,
    eventId: claim.eventId,
    amountCents: claim.amountCents,
    credits: claim.credits,
  });
  if (claimed) return null;
  const first = await repo.findCheckoutSessionEvent(tx, claim.sessionId);
  return `ignored: checkout session ${claim.sessionId} already applied by ${first ?? 'another event'}`;
}

async function checkoutCompleted(tx: DbOrTx, event: TStripeEvent, at: Date): Promise<TOutcome> {
  const session = ZCheckoutSession.parse(event.data.object);
  const station = await lockedStation(tx, 'id', session.client_reference_id);
  if (!station)
    return { stationId: null, outcome: `ignored: no station ${session.client_reference_id ?? '(none)'}` };
  const ignored = (outcome: string) => ({ stationId: station.id, outcome });
  if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') {
    return ignored(`waiting: payment ${session.payment_status}`);
  }
  const claim = { sessionId: session.id, stationId: station.id, eventId: event.id };
  if (session.mode === 'subscription') {
    const stale = olderThanState(station, event);
    if (stale) return ignored(stale);
    const grant = station.monthlyCredits || MONTHLY_INCLUDED_CREDITS;
    const taken = await claimSession(tx, {
      ...claim,
      amountCents: session.amount_total ?? null,
      credits: grant,
    });
    if (taken) return ignored(taken);
    const tier = tierPaid(session);
    await setStationBilling(tx, station.id, {
      paymentStatus: 'paid',
      subscriptionTier: tier,
      stripeCustomerId: session.customer ?? station.stripeCustomerId,
      stripeSubscriptionId: session.subscription ?? station.stripeSubscriptionId,
      paymentFailedAt: null,
      paymentExpiresAt: new Date(at.getTime() + 31 * DAY_MS),
      stripeStateAt: newestState(station, event),
      updatedAt: at,
    });
    // The first month starts now; whatever the trial left carries over.
    const month = await startNewMonth(tx, station.id, {
      grant,
      ...ledgerLine.planStarted(tier),
      amountCents: session.amount_total ?? null,
      reference: event.id,
      at,
    });
    return { stationId: station.id, outcome: `subscribed (${tier}); rolled over ${month.rollover}` };
  }
  if (session.mode === 'payment') {
    const paid = packsPaid(session);
    if ('mismatch' in paid) return ignored(`flagged: ${paid.mismatch}; nothing credited`);
    const credits = paid.packs * CREDIT_PACK.credits;
    const taken = await claimSession(tx, { ...claim, amountCents: paid.paidCents, credits });
    if (taken) return ignored(taken);
    await addCredits(tx, station.id, {
      kind: 'purchase',
      credits,
      ...ledgerLine.purchase(credits),
      amountCents: paid.paidCents,
      reference: event.id,
      at,
    });
    return { stationId: station.id, outcome: `purchased ${credits} credits` };
  }
  return ignored(`ignored: checkout mode ${session.mode}`);
}

type TInvoiceTarget =
  | { refused: TOutcome }
  | { refused: null; invoice: TInvoice; station: TStationBillingRow };

/** The station an invoice event may change: its customer's, for its current subscription, and newer. */
async function invoiceTarget(tx: DbOrTx, event: TStripeEvent): Promise<TInvoiceTarget> {
  const invoice = ZInvoice.parse(event.data.object);
  const station = await lockedStation(tx, 'customer', invoice.customer);
  if (!station) {
    return {
      refused: {
        stationId: null,
        outcome: `ignored: no station for customer ${invoice.customer ?? '(none)'}`,
      },
    };
  }
  const refused =
    otherSubscription(station, invoiceSubscriptionId(invoice)) ?? olderThanState(station, event);
  if (refused) return { refused: { stationId: station.id, outcome: refused } };
  return { refused: null, invoice, station };
}

async function invoicePaid(tx: DbOrTx, event: TStripeEvent, at: Date): Promise<TOutcome> {
  const target = await invoiceTarget(tx, event);
  if (target.refused) return target.refused;
  const { invoice, station } = target;
  const periodEnd = invoice.lines?.data[0]?.period?.end ?? invoice.period_end;
  await setStationBilling(tx, station.id, {
    paymentStatus: 'paid',
    paymentFailedAt: null,
    ...(periodEnd ? { paymentExpiresAt: new Date(periodEnd * 1000) } : {}),
    stripeStateAt: newestState(station, event),
    updatedAt: at,
  });
  // The first invoice is the checkout itself, which already started the month.
  if (invoice.billing_reason !== 'subscription_cycle') {
    return { stationId: station.id, outcome: `paid (${invoice.billing_reason ?? 'invoice'})` };
  }
  const month = await startNewMonth(tx, station.id, {
    grant: station.monthlyCredits || MONTHLY_INCLUDED_CREDITS,
    ...ledgerLine.renewal(),
    amountCents: invoice.amount_paid ?? null,
    reference: event.id,
    at,
  });
  return { stationId: station.id, outcome: `renewed; rolled over ${month.rollover}` };
}

async function invoiceFailed(tx: DbOrTx, event: TStripeEvent, at: Date): Promise<TOutcome> {
  const target = await invoiceTarget(tx, event);
  if (target.refused) return target.refused;
  const { station } = target;
  const failedAt = station.paymentFailedAt ?? at;
  const overdue = at.getTime() - failedAt.getTime() >= PAYMENT_GRACE_DAYS * DAY_MS;
  await setStationBilling(tx, station.id, {
    paymentFailedAt: failedAt,
    ...(overdue && station.paymentStatus === 'paid' ? { paymentStatus: 'suspended' as const } : {}),
    stripeStateAt: newestState(station, event),
    updatedAt: at,
  });
  return { stationId: station.id, outcome: overdue ? 'payment failed; SMS suspended' : 'payment failed' };
}

/**
 * Only the station's current subscription ends it. Its end applies even when it arrives after a
 * newer event: an ended subscription never comes back, so nothing later can undo it.
 */
async function subscriptionDeleted(tx: DbOrTx, event: TStripeEvent, at: Date): Promise<TOutcome> {
  const subscription = ZSubscription.parse(event.data.object);
  const station = await lockedStation(tx, 'customer', subscription.customer);
  if (!station) return { stationId: null, outcome: 'ignored: no station for customer' };
  const other = otherSubscription(station, subscription.id);
  if (other) return { stationId: station.id, outcome: other };
  await setStationBilling(tx, station.id, {
    paymentStatus: 'unpaid',
    stripeSubscriptionId: null,
    paymentExpiresAt: null,
    stripeStateAt: newestState(station, event),
    updatedAt: at,
  });
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
  // Ordering rests on it: an event without its creation time is malformed (400, nothing applied).
  ZEventTime.parse(event.created);
  return db.transaction(async (tx) => {
    const claimed = await repo.claimStripeEvent(tx, {
      id: event.id,
      type: event.type,
      payload: event,
      receivedAt: at,
    });
    if (!claimed) return { duplicate: true as const, outcome: 'already applied' };
    const handler = HANDLERS[event.type];
    const result = handler
      ? await handler(tx, event, at)
      : { stationId: null, outcome: 'ignored: event type' };
    await repo.recordStripeEventOutcome(tx, event.id, result);
    return { duplicate: false as const, outcome: result.outcome };
  });
}
