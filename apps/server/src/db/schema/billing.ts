// A station's plan, payment state and SMS credit balance, the credit ledger (append-only) and the
// Stripe events already applied.
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { oneRowPerStation, stations } from './stations.js';

/**
 * A station's plan, payment state and SMS credit balance (decision 0065), one row per station,
 * created with it by billing's creation step and written only by billing: its ledger, the Stripe
 * events and the payment deadlines.
 */
export const stationBilling = pgTable(
  'station_billing',
  {
    stationId: oneRowPerStation(),
    smsCreditsBalance: integer('sms_credits_balance').notNull().default(0),
    monthlyCredits: integer('monthly_credits').notNull().default(500),
    billingEmail: text('billing_email'),
    paymentStatus: text('payment_status', { enum: ['paid', 'trial', 'suspended', 'unpaid'] })
      .notNull()
      .default('unpaid'),
    paymentExpiresAt: timestamp('payment_expires_at', { withTimezone: true }),
    subscriptionTier: text('subscription_tier').notNull().default('basic'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** First failed renewal not yet paid; SMS is suspended 15 days after it. */
    paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true }),
    /**
     * `created` of the newest Stripe subscription or invoice event applied: an older event that
     * arrives late never overrides a newer state.
     */
    stripeStateAt: timestamp('stripe_state_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('station_billing_stripe_customer_idx').on(t.stripeCustomerId),
    check('station_billing_credits_not_negative', sql`${t.smsCreditsBalance} >= 0`),
    check(
      'station_billing_payment_status',
      sql`${t.paymentStatus} in ('paid', 'trial', 'suspended', 'unpaid')`,
    ),
  ],
);

/**
 * Every change to a station's SMS credits, never updated or deleted (a trigger refuses both; see
 * migration 0004). `credits` is the change to the balance; a rollover row records what carried
 * into a new month and changes nothing, so the balance is the sum of every other row.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Order of writing: rows of one transaction share a timestamp. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id),
    kind: text('kind', {
      enum: ['trial_grant', 'monthly_grant', 'rollover', 'purchase', 'send', 'refund'],
    }).notNull(),
    credits: integer('credits').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** The line in English, for API clients and rows written before `params`. */
    description: text('description').notNull(),
    /** What the page words the line from, with `kind`: plan, credits, title, recipients… */
    params: jsonb('params').$type<Record<string, string | number>>(),
    /** What was paid, for purchases and renewals. */
    amountCents: integer('amount_cents'),
    /** Where the change came from: a Stripe event id, a message id... */
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_ledger_station_seq_idx').on(t.stationId, t.seq),
    check(
      'credit_ledger_kind',
      sql`${t.kind} in ('trial_grant', 'monthly_grant', 'rollover', 'purchase', 'send', 'refund')`,
    ),
    check('credit_ledger_balance_not_negative', sql`${t.balanceAfter} >= 0`),
  ],
);

/** Stripe event ids already applied: a redelivered event is acknowledged and ignored. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  stationId: uuid('station_id').references(() => stations.id, { onDelete: 'set null' }),
  /** What the event did, in words, for support. */
  outcome: text('outcome').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Checkout sessions already credited, whatever event carried them: the same session delivered
 * again under a new event id credits nothing.
 */
export const stripeCheckoutSessions = pgTable('stripe_checkout_sessions', {
  id: text('id').primaryKey(),
  stationId: uuid('station_id').references(() => stations.id, { onDelete: 'set null' }),
  eventId: text('event_id').notNull(),
  amountCents: integer('amount_cents'),
  credits: integer('credits').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
