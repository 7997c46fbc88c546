// What the audit trail reads of Stripe events: which station an event was for and how it ended.
import type { DbOrTx } from '../../db/client.js';
import { findStripeEvent as stripeEvent } from './trail-repo.js';

/** A Stripe event as billing recorded it, or null. */
export function findStripeEvent(db: DbOrTx, eventId: string) {
  return stripeEvent(db, eventId);
}
