import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditLedger, stripeEvents } from '../../db/schema/index.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createStationWithAdmin, setBilling } from '../../test/factories.js';
import { createFakeStripe, STRIPE_TEST_SECRET as SECRET } from '../../test/fake-stripe.js';
import { spendCredits } from './ledger.js';
import { ledgerLine } from './ledger-lines.js';
import { enforcePaymentDeadlines } from './service.js';

const DAY = 86_400_000;

describe('billing and the Stripe webhook', async () => {
  // Starts after the factory's opening grant (stamped with the real time).
  let clock = new Date(Date.now() + 60_000);
  const { app, db, config } = await createTestApp({
    now: () => clock,
    config: {
      billing: {
        webhookSecret: SECRET,
        subscriptionUrl: 'https://buy.stripe.com/test_plan',
        creditsUrl: 'https://buy.stripe.com/test_credits',
        portalUrl: 'https://billing.stripe.com/p/login/test_portal',
        testMode: true,
        devCheckout: false,
      },
    },
  });
  const { station, adminEmail } = await createStationWithAdmin(db, { slug: 'kbill' });
  // The test clock runs for weeks, past any one session: sign in afresh for each look.
  let visits = 0;
  const signedIn = async () => {
    const client = new TestClient(app, `10.0.1.${++visits}`);
    await client.login(adminEmail);
    return client;
  };

  const stripe = createFakeStripe(app, () => clock);
  const { event, deliver } = stripe;
  let sessions = 0;
  const checkout = (mode: 'subscription' | 'payment', amount: number, extra: Record<string, unknown> = {}) =>
    event('checkout.session.completed', {
      id: `cs_${++sessions}`,
      object: 'checkout.session',
      mode,
      payment_status: 'paid',
      client_reference_id: station.id,
      customer: 'cus_kbill',
      subscription: mode === 'subscription' ? 'sub_kbill' : null,
      amount_subtotal: amount,
      amount_total: amount,
      ...extra,
    });
  const billing = async () => (await (await signedIn()).get('/admin/api/billing')).json();

  it('answers the billing info with the Payment Link bases and the breakdown', async () => {
    expect(await billing()).toMatchObject({
      stationID: station.id,
      smsCreditsBalance: 100,
      monthlyCredits: 500,
      monthlyIncluded: 100,
      smsCreditsRollover: 0,
      smsCreditsPurchased: 0,
      smsCreditsUsedMonth: 0,
      paymentStatus: 'paid',
      stripeTestMode: true,
      stripeSubscriptionURL: 'https://buy.stripe.com/test_plan',
      stripeCreditsURL: 'https://buy.stripe.com/test_credits',
      stripePortalURL: 'https://billing.stripe.com/p/login/test_portal',
      creditPack: { credits: 500, priceCents: 1000 },
    });
  });

  it('refuses a missing, wrong or stale signature and applies nothing', async () => {
    const body = checkout('payment', 1000);
    expect((await deliver(body, { signature: 't=1,v1=deadbeef' })).statusCode).toBe(400);
    expect((await deliver(body, { secret: 'whsec_wrong' })).statusCode).toBe(400);
    const stale = await deliver(body, { timestamp: Math.floor(clock.getTime() / 1000) - 301 });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error).toMatch(/Webhook signature verification failed/);
    const fresh = await deliver(body, { timestamp: Math.floor(clock.getTime() / 1000) - 299 });
    expect(fresh.statusCode).toBe(200);
    const noHeader = await app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(noHeader.statusCode).toBe(400);
    expect((await billing()).smsCreditsPurchased).toBe(500);
  });

  it('applies a credits purchase once, however often Stripe delivers it', async () => {
    const body = checkout('payment', 3000);
    const first = await deliver(body);
    expect(first.json()).toMatchObject({
      received: true,
      duplicate: false,
      outcome: 'purchased 1500 credits',
    });
    const again = await deliver(body);
    expect(again.json()).toMatchObject({ duplicate: true });
    const info = await billing();
    expect(info.smsCreditsPurchased).toBe(2000);
    expect(info.smsCreditsBalance).toBe(2100);
    const purchases = await db.select().from(creditLedger).where(eq(creditLedger.kind, 'purchase'));
    expect(purchases.map((p) => p.credits)).toEqual([500, 1500]);
  });

  it('starts the plan on a subscription checkout: paid, tier, and the first month with rollover', async () => {
    await setBilling(db, station.id, { paymentStatus: 'trial' });
    clock = new Date(clock.getTime() + DAY);
    const response = await deliver(checkout('subscription', 7500));
    expect(response.json().outcome).toBe('subscribed (professional); rolled over 2100');
    const info = await billing();
    expect(info).toMatchObject({
      paymentStatus: 'paid',
      subscriptionTier: 'professional',
      smsCreditsRollover: 2100,
      monthlyIncluded: 500,
      smsCreditsPurchased: 0,
      smsCreditsUsedMonth: 0,
      smsCreditsBalance: 2600,
    });
  });

  it('counts sends in the month and rolls every unused credit into the next', async () => {
    clock = new Date(clock.getTime() + DAY);
    await db.transaction((tx) =>
      spendCredits(tx, station.id, { credits: 120, ...ledgerLine.send('Storm', 3), at: clock }),
    );
    expect(
      await db.transaction((tx) =>
        spendCredits(tx, station.id, { credits: 1_000_000, ...ledgerLine.send('Storm', 3), at: clock }),
      ),
    ).toBeNull();
    expect((await billing()).smsCreditsUsedMonth).toBe(120);

    clock = new Date(clock.getTime() + 30 * DAY);
    const renewal = await deliver(
      event('invoice.paid', {
        id: 'in_2',
        object: 'invoice',
        customer: 'cus_kbill',
        subscription: 'sub_kbill',
        billing_reason: 'subscription_cycle',
        amount_paid: 7500,
        lines: { data: [{ period: { end: Math.floor(clock.getTime() / 1000) + 30 * 86400 } }] },
      }),
    );
    expect(renewal.json().outcome).toBe('renewed; rolled over 2480');
    const info = await billing();
    expect(info).toMatchObject({
      smsCreditsRollover: 2480,
      monthlyIncluded: 500,
      smsCreditsUsedMonth: 0,
      smsCreditsBalance: 2980,
    });
    expect(
      info.smsCreditsRollover + info.monthlyIncluded + info.smsCreditsPurchased - info.smsCreditsUsedMonth,
    ).toBe(info.smsCreditsBalance);
    // The first invoice of a subscription is its checkout: no second grant.
    await deliver(
      event('invoice.paid', {
        id: 'in_1',
        customer: 'cus_kbill',
        subscription: 'sub_kbill',
        billing_reason: 'subscription_create',
      }),
    );
    expect((await billing()).smsCreditsBalance).toBe(2980);
  });

  it('lists the ledger as billing history, newest first, and keeps it append-only', async () => {
    const history = (await (await signedIn()).get('/admin/api/billing/history')).json() as {
      kind: string;
      balanceAfter: number;
    }[];
    expect(history[0]).toMatchObject({ balanceAfter: 2980 });
    expect(history.map((h) => h.kind)).toEqual(
      expect.arrayContaining(['monthly_grant', 'rollover', 'purchase', 'send']),
    );
    await expect(db.update(creditLedger).set({ credits: 1 })).rejects.toThrow();
    await expect(db.delete(creditLedger)).rejects.toThrow();
  });

  it('gives each line its kind and the params the page words it from, with the English line for API clients', async () => {
    const history = (await (await signedIn()).get('/admin/api/billing/history')).json() as {
      kind: string;
      description: string;
      params: Record<string, unknown> | null;
    }[];
    const lines = history.map(({ kind, params, description }) => ({ kind, params, description }));
    expect(lines).toEqual([
      {
        kind: 'monthly_grant',
        params: { cause: 'renewal' },
        description: 'Monthly included credits (renewal)',
      },
      { kind: 'rollover', params: {}, description: 'Rollover from previous month' },
      {
        kind: 'send',
        params: { title: 'Storm', recipients: 3 },
        description: 'SMS "Storm" to 3 subscribers',
      },
      {
        kind: 'monthly_grant',
        params: { cause: 'plan_started', plan: 'professional' },
        description: 'Monthly included credits (Professional plan started)',
      },
      { kind: 'rollover', params: {}, description: 'Rollover from previous month' },
      { kind: 'purchase', params: { credits: 1500 }, description: 'Purchased 1,500 credits' },
      { kind: 'purchase', params: { credits: 500 }, description: 'Purchased 500 credits' },
      { kind: 'monthly_grant', params: { cause: 'opening' }, description: 'Monthly included credits' },
    ]);
  });

  it('suspends SMS once a renewal has failed for 15 days, and a paid invoice restores it', async () => {
    const failed = (id: string) =>
      event('invoice.payment_failed', {
        id,
        customer: 'cus_kbill',
        subscription: 'sub_kbill',
        billing_reason: 'subscription_cycle',
      });
    expect((await deliver(failed('in_f1'))).json().outcome).toBe('payment failed');
    const firstFailure = clock;
    expect((await billing()).paymentFailedAt).toBe(firstFailure.toISOString());
    clock = new Date(firstFailure.getTime() + 14 * DAY);
    expect((await enforcePaymentDeadlines(db, clock)).suspended).toBe(0);
    clock = new Date(firstFailure.getTime() + 15 * DAY);
    expect((await enforcePaymentDeadlines(db, clock)).suspended).toBe(1);
    expect((await billing()).paymentStatus).toBe('suspended');
    await deliver(
      event('invoice.paid', {
        id: 'in_3',
        customer: 'cus_kbill',
        subscription: 'sub_kbill',
        billing_reason: 'subscription_update',
      }),
    );
    expect(await billing()).toMatchObject({ paymentStatus: 'paid', paymentFailedAt: null });
  });

  it('ends the plan when the subscription is cancelled, and ignores unknown stations and events', async () => {
    expect(
      (await deliver(event('customer.subscription.deleted', { id: 'sub_kbill', customer: 'cus_kbill' })))
        .statusCode,
    ).toBe(200);
    expect((await billing()).paymentStatus).toBe('unpaid');
    const stranger = await deliver(checkout('payment', 1000, { client_reference_id: 'not-a-station' }));
    expect(stranger.json().outcome).toMatch(/^ignored/);
    expect((await deliver(event('charge.refunded', { id: 'ch_1' }))).json().outcome).toBe(
      'ignored: event type',
    );
    const recorded = await db.select().from(stripeEvents);
    expect(recorded.length).toBeGreaterThanOrEqual(8);
  });

  it('moves ended trials to no subscription', async () => {
    const trial = await createStationWithAdmin(db, { slug: 'ktrial' });
    await setBilling(db, trial.station.id, {
      paymentStatus: 'trial',
      paymentExpiresAt: new Date(clock.getTime() - 1000),
    });
    expect((await enforcePaymentDeadlines(db, clock)).trialsEnded).toBe(1);
  });

  it('is for admins only; another station sees its own figures', async () => {
    const user = new TestClient(app, '10.0.2.1');
    await user.login('user@demo.test');
    expect((await user.get('/admin/api/billing')).statusCode).toBe(403);
    expect((await user.get('/admin/api/billing/history')).statusCode).toBe(403);
    const demo = new TestClient(app, '10.0.2.2');
    await demo.login('admin@demo.test');
    expect((await demo.get('/admin/api/billing')).json().stationID).not.toBe(station.id);
    expect(config.billing.devCheckout).toBe(false);
    expect((await demo.post('/dev/api/stripe/checkout', {})).statusCode).toBe(404);
  });
});

describe('the dev checkout (no Stripe account)', async () => {
  const { app } = await createTestApp();
  const admin = new TestClient(app);
  await admin.login('admin@demo.test');

  it('buys credits through a signed test event and the real webhook', async () => {
    const before = (await admin.get('/admin/api/billing')).json();
    // A path on this site, whatever address the admin uses (PUBLIC_URL is localhost here): the
    // page opens it on its own host.
    expect(before.stripeCreditsURL).toBe('/dev/checkout?kind=credits');
    expect(before.stripeSubscriptionURL).toBe('/dev/checkout?kind=subscription');
    const fromAnotherHost = await admin.request({
      url: '/admin/api/billing',
      headers: { host: '192.168.1.20:3000' },
    });
    expect(fromAnotherHost.json().stripeCreditsURL).not.toContain('localhost');
    const response = await admin.post('/dev/api/stripe/checkout', {
      kind: 'credits',
      client_reference_id: before.stationID,
      email: 'billing@demo.test',
      packs: 2,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ok: true, outcome: 'purchased 1000 credits' });
    const after = (await admin.get('/admin/api/billing')).json();
    expect(after.smsCreditsBalance).toBe(before.smsCreditsBalance + 1000);
    const unknown = await admin.post('/dev/api/stripe/checkout', {
      kind: 'credits',
      client_reference_id: 'nope',
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('answers a checkout without its station with its own code (decision 0071)', async () => {
    for (const client_reference_id of ['', '   ']) {
      const response = await admin.post('/dev/api/stripe/checkout', { kind: 'credits', client_reference_id });
      expect(response.statusCode, JSON.stringify(client_reference_id)).toBe(400);
      // Formerly invalid_value with the detail "client_reference_id is required".
      expect(response.json()).toEqual({
        error: 'client_reference_id is required: the station the checkout pays for.',
        code: 'checkout_station_required',
        params: {},
      });
    }
  });
});
