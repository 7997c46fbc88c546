// Stripe as the webhook meets it: events shaped like Stripe's, signed with the endpoint secret
// (the official SDK's test header) and posted to /webhooks/stripe.
import Stripe from 'stripe';
import type { TApp } from '../app.js';

export const STRIPE_TEST_SECRET = 'whsec_test_secret_for_message_station';

export type TFakeStripeEvent = {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
};

export function createFakeStripe(app: TApp, now: () => Date, secret = STRIPE_TEST_SECRET) {
  let sequence = 0;
  const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
  return {
    /** A new event id each call; `created` is the clock unless given (a late, older event). */
    event(
      type: string,
      object: Record<string, unknown>,
      options: { id?: string; created?: Date } = {},
    ): TFakeStripeEvent {
      return {
        id: options.id ?? `evt_${++sequence}`,
        object: 'event',
        type,
        created: seconds(options.created ?? now()),
        data: { object },
      };
    },
    /** Posts the event signed now (or as told: another secret, timestamp or a forged header). */
    deliver(body: object, options: { secret?: string; timestamp?: number; signature?: string } = {}) {
      const payload = JSON.stringify(body);
      const header =
        options.signature ??
        Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? secret,
          timestamp: options.timestamp ?? seconds(now()),
        });
      return app.inject({
        method: 'POST',
        url: '/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        payload,
      });
    },
  };
}
