// What the audit trail reads of a Stripe event: its type, station and outcome, for the row it writes.
// Others reach it through trail-service.ts.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { stripeEvents } from '../../db/schema/owned/billing.js';

export async function findStripeEvent(db: DbOrTx, eventId: string) {
  const [row] = await db
    .select({ type: stripeEvents.type, stationId: stripeEvents.stationId, outcome: stripeEvents.outcome })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, eventId))
    .limit(1);
  return row ?? null;
}
