// GET /admin/api/billing (+ history) for admins, the signed Stripe webhook, and the dev checkout.
import {
  billingDevCheckout,
  billingGet,
  billingHistory,
  CREDIT_PACK,
  PLAN_TIERS,
  ZBillingInfo,
  ZCreditLedgerList,
  ZDevCheckoutResponse,
  ZErrorResponse,
  ZStripeWebhookResponse,
} from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { z } from 'zod';
import type { TAppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { audit, auditReply, type TAuditCall, type TAuditRule } from '../../platform/audit-rule.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
import { AppError } from '../../platform/errors.js';
import { randomToken } from '../../platform/tokens.js';
import { staffFacts } from '../../service-context.js';
import { getBillingHistory, getBillingInfo } from './service.js';
import { applyStripeEvent, type TStripeEvent } from './stripe-events.js';
import { findStripeEvent } from './trail-service.js';

/** Stripe's own default: a signature older than five minutes is refused (replay protection). */
export const STRIPE_TOLERANCE_SECONDS = 300;

/** What these routes use from the app, handed over as the plugin's options. */
export type TBillingRoutesDeps = Pick<TAppContext, 'config' | 'db' | 'guards' | 'now'> &
  TStripeWebhookDeps &
  TDevCheckoutDeps;

export const billingRoutes: FastifyPluginAsyncZod<TBillingRoutesDeps> = async (fastify, deps) => {
  fastify.get(
    billingGet.path,
    {
      onRequest: deps.guards.requireAdmin,
      schema: {
        tags: ['billing'],
        summary: 'Plan, payment status and the credit breakdown of this month',
        response: { 200: ZBillingInfo, 403: ZErrorResponse },
      },
    },
    async (request) => getBillingInfo({ ...staffFacts(deps, request), config: deps.config }),
  );

  fastify.get(
    billingHistory.path,
    {
      onRequest: deps.guards.requireAdmin,
      schema: {
        tags: ['billing'],
        summary: 'Credit ledger entries, newest first (last 100)',
        response: { 200: ZCreditLedgerList, 403: ZErrorResponse },
      },
    },
    async (request) => getBillingHistory(staffFacts(deps, request)),
  );

  await fastify.register(stripeWebhook, deps);
  if (deps.config.billing.devCheckout) await fastify.register(devCheckout, deps);
};

/** Its own plugin so the raw-body JSON parser applies to this route only. */
/** What these routes use from the app, handed over as the plugin's options. */
export type TStripeWebhookDeps = Pick<TAppContext, 'config' | 'db' | 'now'>;

/** Stripe's answer does not name the station: the event row billing kept does. */
async function stripeEventOf(db: Db, call: TAuditCall) {
  const rawBody = call.request.body;
  if (!Buffer.isBuffer(rawBody)) return null;
  try {
    const id = (JSON.parse(rawBody.toString('utf8')) as { id?: unknown }).id;
    return typeof id === 'string' ? await findStripeEvent(db, id) : null;
  } catch {
    return null;
  }
}

/** Stripe tells what changed; the event row says for which station and how. */
const stripeEventAudit = (db: Db): TAuditRule => ({
  action: 'billing.changed',
  station: async (call) => (await stripeEventOf(db, call))?.stationId,
  details: async (call) => {
    const event = await stripeEventOf(db, call);
    if (auditReply(call).duplicate === true || !event?.stationId) return null;
    return { event_type: event.type, outcome: event.outcome };
  },
});

const stripeWebhook: FastifyPluginAsyncZod<TStripeWebhookDeps> = async (fastify, deps) => {
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  fastify.post(
    '/webhooks/stripe',
    {
      config: audit(stripeEventAudit(deps.db)),
      schema: {
        tags: ['billing'],
        summary: 'Stripe events (signature and a 300 s tolerance checked; each event applied once)',
        response: {
          200: ZStripeWebhookResponse,
          400: ZErrorResponse,
          503: ZErrorResponse,
        },
      },
    },
    async (request) => {
      const secret = deps.config.billing.webhookSecret;
      if (!secret) throw new AppError('stripe_webhook_unconfigured');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        throw new AppError('stripe_signature_missing');
      }
      let event: TStripeEvent;
      try {
        event = Stripe.webhooks.constructEvent(
          request.body,
          signature,
          secret,
          STRIPE_TOLERANCE_SECONDS,
          undefined,
          // Milliseconds: the SDK divides by 1000 itself.
          deps.now().getTime(),
        ) as unknown as TStripeEvent;
      } catch (error) {
        throw new AppError('stripe_signature_invalid', { detail: (error as Error).message });
      }
      try {
        const result = await applyStripeEvent(deps.db, event, deps.now());
        // Paid amounts that do not match what was bought: someone must look (docs/stripe.md).
        if (result.outcome.startsWith('flagged')) {
          request.log.warn({ stripeEvent: event.id, outcome: result.outcome }, 'Stripe checkout flagged');
        }
        // Acknowledged (2xx, so Stripe stops retrying) but not used: said in the log, changes nothing.
        if (result.outcome.startsWith('ignored')) {
          request.log.info(
            { stripeEvent: event.id, type: event.type, outcome: result.outcome },
            'Stripe event ignored',
          );
        }
        return { received: true as const, ...result };
      } catch (error) {
        if (error instanceof z.ZodError)
          throw new AppError('stripe_payload_unexpected', { event_type: event.type });
        throw error;
      }
    },
  );
};

/**
 * Development without a Stripe account: builds the checkout.session.completed event Stripe would
 * send for a Payment Link, signs it with the dev secret and posts it to the real webhook.
 */
/** What these routes use from the app, handed over as the plugin's options. */
export type TDevCheckoutDeps = Pick<TAppContext, 'config' | 'now'>;

const devCheckout: FastifyPluginAsyncZod<TDevCheckoutDeps> = async (fastify, deps) => {
  fastify.post(
    billingDevCheckout.path,
    {
      schema: {
        tags: ['dev'],
        summary: 'Development only: complete a test checkout through the signed webhook',
        ...endpointSchema(billingDevCheckout),
        response: {
          200: ZDevCheckoutResponse,
          400: ZErrorResponse,
        },
      },
    },
    async (request) => {
      const input = request.body;
      const subscription = input.kind === 'subscription';
      const amount = subscription ? PLAN_TIERS[input.tier].priceCents : input.packs * CREDIT_PACK.priceCents;
      const event = {
        id: `evt_dev_${randomToken().slice(0, 24)}`,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(deps.now().getTime() / 1000),
        livemode: false,
        data: {
          object: {
            id: `cs_test_${randomToken().slice(0, 24)}`,
            object: 'checkout.session',
            mode: subscription ? 'subscription' : 'payment',
            payment_status: 'paid',
            client_reference_id: input.client_reference_id,
            customer: `cus_dev_${input.client_reference_id.replace(/-/g, '').slice(0, 14)}`,
            customer_details: { email: input.email ?? null },
            subscription: subscription ? `sub_dev_${randomToken().slice(0, 14)}` : null,
            currency: 'usd',
            amount_subtotal: amount,
            amount_total: amount,
            metadata: subscription ? { tier: input.tier } : { packs: String(input.packs) },
            // As an expanded session shows them: the credit pack price, once per pack.
            ...(subscription
              ? {}
              : {
                  line_items: {
                    data: [
                      {
                        quantity: input.packs,
                        price: { id: 'price_dev_credit_pack', unit_amount: CREDIT_PACK.priceCents },
                      },
                    ],
                  },
                }),
          },
        },
      };
      const payload = JSON.stringify(event);
      const header = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: deps.config.billing.webhookSecret ?? '',
        timestamp: Math.floor(deps.now().getTime() / 1000),
      });
      const reply = await fastify.inject({
        method: 'POST',
        url: '/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        payload,
      });
      const body = reply.json() as { outcome?: string; error?: string };
      if (reply.statusCode !== 200)
        throw new AppError('test_checkout_failed', {
          detail: body.error ?? 'The test checkout failed',
        });
      if (body.outcome?.startsWith('ignored'))
        throw new AppError('test_checkout_ignored', { outcome: body.outcome });
      return { ok: true as const, event_id: event.id, outcome: body.outcome ?? '' };
    },
  );
};
