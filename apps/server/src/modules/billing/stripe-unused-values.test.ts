// Stripe events carrying values we do not use (a checkout mode we do not sell through, a payment
// status, an event type we never subscribed to): each is acknowledged with 2xx, so Stripe stops
// retrying, changes nothing and says so in the log. Signed by the official stripe library's test
// header (test/fake-stripe.ts) as Stripe signs them.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditLedger, stripeEvents } from '../../db/schema/index.js';
import { createTestApp } from '../../test/app.js';
import { billingOf, createStationWithAdmin } from '../../test/factories.js';
import { createFakeStripe, STRIPE_TEST_SECRET } from '../../test/fake-stripe.js';
import { captureLogs } from '../../test/log-lines.js';

describe('Stripe events with values we do not use', async () => {
  const clock = new Date(Date.now() + 60_000);
  const { lines, logger } = captureLogs();
  const { app, db } = await createTestApp({
    now: () => clock,
    logger,
    config: {
      billing: {
        webhookSecret: STRIPE_TEST_SECRET,
        subscriptionUrl: 'https://buy.stripe.com/test_plan',
        creditsUrl: 'https://buy.stripe.com/test_credits',
        portalUrl: null,
        testMode: true,
        devCheckout: false,
      },
    },
  });
  const stripe = createFakeStripe(app, () => clock);
  const { station } = await createStationWithAdmin(db, { slug: 'kunused' });

  const stateOf = async () => {
    const row = await billingOf(db, station.id);
    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.stationId, station.id));
    return {
      paymentStatus: row?.paymentStatus,
      tier: row?.subscriptionTier,
      balance: row?.smsCreditsBalance,
      customer: row?.stripeCustomerId,
      ledger: ledger.length,
    };
  };

  const checkout = (fields: Record<string, unknown>) =>
    stripe.event('checkout.session.completed', {
      id: `cs_${Math.random().toString(36).slice(2)}`,
      object: 'checkout.session',
      payment_status: 'paid',
      client_reference_id: station.id,
      customer: 'cus_unused',
      currency: 'usd',
      amount_subtotal: 7500,
      amount_total: 7500,
      ...fields,
    });

  it.each([
    [
      'a setup checkout',
      checkout({ mode: 'setup', payment_status: 'no_payment_required' }),
      /^ignored: checkout mode setup$/,
    ],
    [
      'a checkout mode Stripe adds later',
      checkout({ mode: 'installments' }),
      /^ignored: checkout mode installments$/,
    ],
    [
      'a payment status we do not know',
      checkout({ mode: 'payment', payment_status: 'under_review' }),
      /^waiting: payment under_review$/,
    ],
    [
      'an event type we do not use',
      stripe.event('customer.created', { id: 'cus_unused', object: 'customer' }),
      /^ignored: event type$/,
    ],
  ])('acknowledges %s with 2xx, changes nothing and logs it', async (_name, event, outcome) => {
    const before = await stateOf();
    const response = await stripe.deliver(event);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ received: true, duplicate: false });
    expect(response.json().outcome).toMatch(outcome);
    expect(await stateOf()).toEqual(before);
    // Recorded once, so a redelivery is answered as already applied.
    const [recorded] = await db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id));
    expect(recorded?.type).toBe(event.type);
    expect((await stripe.deliver(event)).json()).toMatchObject({ duplicate: true });
    if (String(response.json().outcome).startsWith('ignored')) {
      const logged = lines.map((line) => JSON.parse(line)).find((line) => line.stripeEvent === event.id);
      expect(logged).toMatchObject({ msg: 'Stripe event ignored', type: event.type });
    }
  });

  it('still refuses a bad signature (400) and records nothing', async () => {
    const event = checkout({ mode: 'installments' });
    const response = await stripe.deliver(event, { secret: 'whsec_not_ours' });
    expect(response.statusCode).toBe(400);
    expect(await db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toEqual([]);
  });
});
