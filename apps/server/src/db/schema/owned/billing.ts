// Tables the billing module owns: only its repo files import them (see .dependency-cruiser.cjs).
export { creditLedger, stationBilling, stripeCheckoutSessions, stripeEvents } from '../billing.js';
