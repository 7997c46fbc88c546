// What the audit trail reads of Stripe events: which station an event was for and how it ended.
export { findStripeEvent } from './trail-repo.js';
