// Queries of the Stripe webhook: the events received and the checkout sessions credited. A claim
// is an insert that does nothing on conflict, so of two deliveries at once only one applies.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { stripeCheckoutSessions, stripeEvents } from '../../db/schema/owned/billing.js';

/** Records the event as being applied: false when it was received before. */
export async function claimStripeEvent(
  tx: DbOrTx,
  event: { id: string; type: string; payload: unknown; receivedAt: Date },
): Promise<boolean> {
  const claimed = await tx
    .insert(stripeEvents)
    .values({ ...event, outcome: 'applying' })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return claimed.length > 0;
}

export async function recordStripeEventOutcome(
  tx: DbOrTx,
  eventId: string,
  result: { outcome: string; stationId: string | null },
) {
  await tx
    .update(stripeEvents)
    .set({ outcome: result.outcome, stationId: result.stationId })
    .where(eq(stripeEvents.id, eventId));
}

/** Records the checkout session as credited: false when another event claimed it first. */
export async function claimCheckoutSession(
  tx: DbOrTx,
  values: typeof stripeCheckoutSessions.$inferInsert,
): Promise<boolean> {
  const claimed = await tx
    .insert(stripeCheckoutSessions)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: stripeCheckoutSessions.id });
  return claimed.length > 0;
}

/** The event that claimed the checkout session, or null. */
export async function findCheckoutSessionEvent(tx: DbOrTx, sessionId: string): Promise<string | null> {
  const [first] = await tx
    .select({ eventId: stripeCheckoutSessions.eventId })
    .from(stripeCheckoutSessions)
    .where(eq(stripeCheckoutSessions.id, sessionId));
  return first?.eventId ?? null;
}
