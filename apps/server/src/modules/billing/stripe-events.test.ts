// The Stripe events an attacker (or Stripe's own out-of-order delivery) could use against a
// station: each answers 2xx so Stripe stops retrying, and leaves plan, credits and ledger as they were.
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditLedger, stripeCheckoutSessions, stripeEvents } from '../../db/schema/index.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { billingOf, createStationWithAdmin } from '../../test/factories.js';
import { createFakeStripe, STRIPE_TEST_SECRET, type TFakeStripeEvent } from '../../test/fake-stripe.js';

const DAY = 86_400_000;

describe('Stripe events out of order, for old subscriptions, mispaid or replayed', async () => {
  let clock = new Date(Date.now() + 60_000);
  const { app, db } = await createTestApp({
    now: () => clock,
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

  let stations_ = 0;
  /** A station on the Professional plan through subscription `sub`, customer `cus_<slug>`. */
  async function subscribedStation(sub: string) {
    const slug = `kstripe${++stations_}`;
    const { station, adminEmail } = await createStationWithAdmin(db, { slug });
    const customer = `cus_${slug}`;
    const checkout = stripe.event('checkout.session.completed', {
      id: `cs_${slug}`,
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      client_reference_id: station.id,
      customer,
      subscription: sub,
      currency: 'usd',
      amount_subtotal: 7500,
      amount_total: 7500,
    });
    const started = await stripe.deliver(checkout);
    expect(started.json().outcome).toBe('subscribed (professional); rolled over 100');
    return { stationId: station.id, customer, adminEmail, checkout };
  }

  async function stateOf(stationId: string) {
    const station = await billingOf(db, stationId);
    const ledger = await db
      .select({ kind: creditLedger.kind, credits: creditLedger.credits })
      .from(creditLedger)
      .where(eq(creditLedger.stationId, stationId))
      .orderBy(asc(creditLedger.seq));
    return {
      paymentStatus: station?.paymentStatus,
      tier: station?.subscriptionTier,
      subscription: station?.stripeSubscriptionId,
      paymentFailedAt: station?.paymentFailedAt ?? null,
      balance: station?.smsCreditsBalance,
      ledger,
    };
  }

  /** Stripe's redelivery (same id) and the same object under a new event id: both 2xx, no change. */
  async function expectReplaysChangeNothing(stationId: string, event: TFakeStripeEvent) {
    const before = await stateOf(stationId);
    const redelivered = await stripe.deliver(event);
    expect(redelivered.statusCode).toBe(200);
    expect(redelivered.json()).toMatchObject({ duplicate: true, outcome: 'already applied' });
    const renamed = await stripe.deliver({ ...event, id: `${event.id}_again` });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().outcome).toMatch(/^(ignored|flagged): /);
    expect(await stateOf(stationId)).toEqual(before);
  }

  it('a day-old cancellation of an old subscription leaves the current plan running', async () => {
    const { stationId, customer, adminEmail } = await subscribedStation('sub_new');
    const before = await stateOf(stationId);
    clock = new Date(clock.getTime() + 60_000);
    const old = stripe.event(
      'customer.subscription.deleted',
      { id: 'sub_old', object: 'subscription', customer },
      { created: new Date(clock.getTime() - DAY) },
    );
    const response = await stripe.deliver(old);
    expect(response.statusCode).toBe(200);
    expect(response.json().outcome).toBe(
      "ignored: subscription sub_old is not the station's current one (sub_new)",
    );
    expect(await stateOf(stationId)).toEqual(before);
    expect(before).toMatchObject({ paymentStatus: 'paid', tier: 'professional', subscription: 'sub_new' });
    // What the admin sees: still on the plan.
    const admin = new TestClient(app, '10.7.0.1');
    await admin.login(adminEmail);
    expect((await admin.get('/admin/api/billing')).json()).toMatchObject({
      paymentStatus: 'paid',
      subscriptionTier: 'professional',
    });
    await expectReplaysChangeNothing(stationId, old);

    // The current subscription's own end still ends the plan.
    const ended = await stripe.deliver(
      stripe.event('customer.subscription.deleted', { id: 'sub_new', object: 'subscription', customer }),
    );
    expect(ended.json().outcome).toBe('subscription ended');
    expect(await stateOf(stationId)).toMatchObject({ paymentStatus: 'unpaid', subscription: null });
  });

  it('an old payment failure does not mark a station that has paid since', async () => {
    const { stationId, customer } = await subscribedStation('sub_paid');
    const failedAt = new Date(clock.getTime() + DAY);
    clock = new Date(clock.getTime() + 2 * DAY);
    const invoice = (id: string, subscription: string) => ({
      id,
      object: 'invoice',
      customer,
      subscription,
      billing_reason: 'subscription_update',
    });
    expect(
      (await stripe.deliver(stripe.event('invoice.paid', invoice('in_paid', 'sub_paid')))).json().outcome,
    ).toBe('paid (subscription_update)');
    const before = await stateOf(stationId);

    // Created before the payment that was already applied: Stripe delivered it late.
    const late = stripe.event('invoice.payment_failed', invoice('in_failed', 'sub_paid'), {
      created: failedAt,
    });
    const response = await stripe.deliver(late);
    expect(response.statusCode).toBe(200);
    expect(response.json().outcome).toMatch(/^ignored: created .* before the last applied event/);
    // A failure, even a new one, of a subscription the station no longer has.
    const otherSub = stripe.event('invoice.payment_failed', invoice('in_other', 'sub_before'));
    expect((await stripe.deliver(otherSub)).json().outcome).toBe(
      "ignored: subscription sub_before is not the station's current one (sub_paid)",
    );
    expect(await stateOf(stationId)).toEqual(before);
    expect(before).toMatchObject({ paymentStatus: 'paid', paymentFailedAt: null });
    await expectReplaysChangeNothing(stationId, late);
    await expectReplaysChangeNothing(stationId, otherSub);

    // A newer failure of the current subscription is recorded.
    const current = await stripe.deliver(
      stripe.event('invoice.payment_failed', invoice('in_now', 'sub_paid')),
    );
    expect(current.json().outcome).toBe('payment failed');
    expect((await stateOf(stationId)).paymentFailedAt).toEqual(clock);
  });

  it('credits what was paid, and flags a checkout whose metadata or lines claim more', async () => {
    const { station } = await createStationWithAdmin(db, { slug: 'kpaid' });
    const purchase = (id: string, fields: Record<string, unknown>) =>
      stripe.event('checkout.session.completed', {
        id,
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        client_reference_id: station.id,
        customer: 'cus_kpaid',
        currency: 'usd',
        ...fields,
      });
    const before = await stateOf(station.id);
    const flagged = [
      [
        purchase('cs_meta', { amount_subtotal: 1000, amount_total: 1000, metadata: { packs: '10' } }),
        'flagged: metadata.packs says 10 but 1 were paid for; nothing credited',
      ],
      [
        purchase('cs_lines', {
          amount_subtotal: 1000,
          amount_total: 1000,
          line_items: { data: [{ quantity: 10, price: { id: 'price_cheap', unit_amount: 100 } }] },
        }),
        'flagged: line item price price_cheap is not the credit pack price; nothing credited',
      ],
      [
        purchase('cs_part', { amount_subtotal: 1500, amount_total: 1500 }),
        'flagged: paid $15, not a whole number of $10 credit packs; nothing credited',
      ],
      [
        purchase('cs_eur', { amount_subtotal: 1000, amount_total: 1000, currency: 'eur' }),
        'flagged: paid in eur, not usd; nothing credited',
      ],
    ] as const;
    for (const [event, outcome] of flagged) {
      const response = await stripe.deliver(event);
      expect(response.statusCode).toBe(200);
      expect(response.json().outcome).toBe(outcome);
    }
    expect(await stateOf(station.id)).toEqual(before);
    const [recorded] = await db.select().from(stripeEvents).where(eq(stripeEvents.id, flagged[0][0].id));
    expect(recorded).toMatchObject({ stationId: station.id, outcome: flagged[0][1] });
    await expectReplaysChangeNothing(station.id, flagged[0][0]);

    // $32.40 with $2.40 tax is three packs: tax buys no credits.
    const taxed = await stripe.deliver(
      purchase('cs_taxed', {
        amount_subtotal: 3000,
        amount_total: 3240,
        total_details: { amount_tax: 240, amount_shipping: 0 },
        metadata: { packs: '3' },
      }),
    );
    expect(taxed.json().outcome).toBe('purchased 1500 credits');
    expect(await stateOf(station.id)).toMatchObject({
      balance: 1600,
      ledger: [...before.ledger, { kind: 'purchase', credits: 1500 }],
    });
    const [row] = await db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.stationId, station.id), eq(creditLedger.kind, 'purchase')));
    expect(row?.amountCents).toBe(3000);
  });

  it('credits a checkout session once, whatever event id carries it', async () => {
    const { station } = await createStationWithAdmin(db, { slug: 'konce' });
    const session = {
      id: 'cs_once',
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      client_reference_id: station.id,
      customer: 'cus_konce',
      currency: 'usd',
      amount_subtotal: 2000,
      amount_total: 2000,
    };
    const first = stripe.event('checkout.session.completed', session);
    expect((await stripe.deliver(first)).json().outcome).toBe('purchased 1000 credits');
    const after = await stateOf(station.id);
    expect(after).toMatchObject({ balance: 1100 });
    expect(after.ledger.filter((entry) => entry.kind === 'purchase')).toEqual([
      { kind: 'purchase', credits: 1000 },
    ]);

    const again = await stripe.deliver(stripe.event('checkout.session.completed', session));
    expect(again.statusCode).toBe(200);
    expect(again.json().outcome).toBe(`ignored: checkout session cs_once already applied by ${first.id}`);
    const async = await stripe.deliver(stripe.event('checkout.session.async_payment_succeeded', session));
    expect(async.json().outcome).toMatch(/^ignored: checkout session cs_once already applied/);
    expect(await stateOf(station.id)).toEqual(after);
    await expectReplaysChangeNothing(station.id, first);
    expect(
      await db.select().from(stripeCheckoutSessions).where(eq(stripeCheckoutSessions.id, 'cs_once')),
    ).toEqual([
      expect.objectContaining({ stationId: station.id, eventId: first.id, amountCents: 2000, credits: 1000 }),
    ]);

    // A subscription checkout replayed under a new id opens no second month.
    const { stationId, checkout } = await subscribedStation('sub_once');
    await expectReplaysChangeNothing(stationId, checkout);
    // The factory's opening grant, then the one month the checkout opened.
    const months = (await stateOf(stationId)).ledger.filter((entry) => entry.kind === 'monthly_grant');
    expect(months).toEqual([
      { kind: 'monthly_grant', credits: 100 },
      { kind: 'monthly_grant', credits: 500 },
    ]);
  });

  it('refuses an event without its creation time (400) and applies nothing', async () => {
    const { stationId, customer } = await subscribedStation('sub_time');
    const before = await stateOf(stationId);
    const { created: _created, ...untimed } = stripe.event('customer.subscription.deleted', {
      id: 'sub_time',
      customer,
    });
    const response = await stripe.deliver(untimed);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Unexpected customer.subscription.deleted payload');
    expect(await stateOf(stationId)).toEqual(before);
  });
});
