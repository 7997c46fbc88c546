// A station's webhook endpoints and their delivery log (admins only): what the routes
// call. Events are recorded by events.ts; the worker (deliver.ts) sends them.
import { randomUUID } from 'node:crypto';
import {
  type TWebhookDelivery,
  type TWebhookDeliveryDetail,
  type TWebhookEndpoint,
  type TWebhookEndpointCreated,
  type TWebhookEndpointList,
  type TWebhookEventType,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LIMITS,
  WEBHOOK_TEST_EVENT,
  type ZWebhookDeliveryQuery,
  type ZWebhookEndpointRequest,
  type ZWebhookEndpointUpdate,
} from '@message-station/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { TAuditScope, TAuditView } from '../../platform/audit-rule.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { TServiceContext } from '../../service-context.js';
import { checkEndpointUrl } from './address.js';
import { webhookPayload } from './events.js';
import * as repo from './repo.js';
import { newSigningSecret, openSigningSecret, sealSigningSecret, secretHint } from './secrets.js';

type TReadContext = Pick<TServiceContext, 'db' | 'stationId'>;
type TWriteContext = Pick<TServiceContext, 'db' | 'stationId' | 'now' | 'config'>;
/** Asks a worker to send what is due now (a test event, a replay). */
export type TWake = () => Promise<void>;

const iso = (at: Date | null) => at?.toISOString() ?? null;

function toEndpoint(row: repo.TEndpointRow & Partial<repo.TEndpointWithLast>): TWebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events.filter((e): e is TWebhookEventType =>
      (WEBHOOK_EVENT_TYPES as readonly string[]).includes(e),
    ),
    enabled: row.enabled,
    disabled_reason: row.disabledReason ?? null,
    disabled_at: iso(row.disabledAt),
    consecutive_failures: row.consecutiveFailures,
    secret_hint: row.secretHint,
    last_delivery_at: iso(row.lastDeliveryAt ?? null),
    last_delivery_status: row.lastDeliveryStatus ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toDelivery(row: repo.TDeliveryListRow): TWebhookDelivery {
  return {
    id: row.id,
    endpoint_id: row.endpointId,
    endpoint_url: row.endpointUrl,
    event_id: row.eventId,
    event_type: row.eventType,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    next_attempt_at: row.status === 'pending' ? iso(row.nextAttemptAt ?? row.createdAt) : null,
    created_at: row.createdAt.toISOString(),
    finished_at: iso(row.finishedAt),
  };
}

export async function listWebhookEndpoints(ctx: TReadContext): Promise<TWebhookEndpointList> {
  const rows = await repo.listEndpoints(ctx.db, ctx.stationId);
  return { endpoints: rows.map(toEndpoint), event_types: [...WEBHOOK_EVENT_TYPES] };
}

/** An endpoint as admins change it (never its secret), as the audit log keeps it (decision 0066). */
export function webhookAuditView(endpoint: TWebhookEndpoint): TAuditView {
  return {
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events.join(', '),
    enabled: endpoint.enabled,
  };
}

/** The endpoint locked for a change in `tx`, handed to the audit as it was. */
async function lockEndpoint(tx: DbOrTx, stationId: string, id: string, audit?: TAuditScope) {
  const row = await repo.findEndpoint(tx, stationId, id, { forUpdate: true });
  if (!row) throw notFound('webhook_endpoint_not_found');
  audit?.before(webhookAuditView(toEndpoint(row)));
  return row;
}

async function findEndpoint(ctx: TReadContext, id: string) {
  const row = await repo.findEndpoint(ctx.db, ctx.stationId, id);
  if (!row) throw notFound('webhook_endpoint_not_found');
  return row;
}

export async function getWebhookEndpoint(ctx: TReadContext, id: string): Promise<TWebhookEndpoint> {
  return toEndpoint(await findEndpoint(ctx, id));
}

const owner = (row: { stationId: string; id: string }) => ({ stationId: row.stationId, endpointId: row.id });

export async function createWebhookEndpoint(
  ctx: TWriteContext,
  input: z.output<typeof ZWebhookEndpointRequest>,
): Promise<TWebhookEndpointCreated> {
  const url = await checkEndpointUrl(ctx.config.webhooks, input.url);
  if ((await repo.countEndpoints(ctx.db, ctx.stationId)) >= WEBHOOK_LIMITS.endpoints) {
    throw new AppError('webhook_too_many_endpoints', { max: WEBHOOK_LIMITS.endpoints });
  }
  const id = randomUUID();
  const secret = newSigningSecret();
  const row = await repo.insertEndpoint(ctx.db, {
    id,
    stationId: ctx.stationId,
    url,
    description: input.description,
    events: input.events,
    secretSealed: sealSigningSecret(
      ctx.config.sessionSecret,
      { stationId: ctx.stationId, endpointId: id },
      secret,
    ),
    secretHint: secretHint(secret),
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
  return { ...toEndpoint(row), secret };
}

export async function updateWebhookEndpoint(
  ctx: TWriteContext,
  id: string,
  input: z.output<typeof ZWebhookEndpointUpdate>,
  audit?: TAuditScope,
): Promise<TWebhookEndpoint> {
  // An unknown endpoint is not found before its new address is checked.
  await findEndpoint(ctx, id);
  const url = input.url === undefined ? undefined : await checkEndpointUrl(ctx.config.webhooks, input.url);
  const row = await ctx.db.transaction(async (tx) => {
    const current = await lockEndpoint(tx, ctx.stationId, id, audit);
    const switching = input.enabled !== undefined && input.enabled !== current.enabled;
    return repo.updateEndpoint(tx, ctx.stationId, id, {
      url,
      description: input.description,
      events: input.events,
      updatedAt: ctx.now,
      ...(switching && input.enabled
        ? // Back on: its failures start over.
          { enabled: true, disabledReason: null, disabledAt: null, consecutiveFailures: 0 }
        : {}),
      ...(switching && !input.enabled
        ? { enabled: false, disabledReason: 'admin' as const, disabledAt: ctx.now }
        : {}),
    });
  });
  if (!row) throw notFound('webhook_endpoint_not_found');
  const endpoint = toEndpoint(row);
  audit?.after(webhookAuditView(endpoint));
  return endpoint;
}

export async function deleteWebhookEndpoint(ctx: TReadContext, id: string, audit?: TAuditScope) {
  await ctx.db.transaction(async (tx) => {
    await lockEndpoint(tx, ctx.stationId, id, audit);
    if (!(await repo.deleteEndpoint(tx, ctx.stationId, id))) throw notFound('webhook_endpoint_not_found');
  });
  audit?.after(null);
}

export async function revealWebhookSecret(ctx: TWriteContext, id: string) {
  const row = await findEndpoint(ctx, id);
  try {
    return { secret: openSigningSecret(ctx.config.sessionSecret, owner(row), row.secretSealed) };
  } catch {
    // Sealed under another SESSION_SECRET: only a new secret helps.
    throw new AppError('webhook_secret_unreadable');
  }
}

/** A new secret at once: deliveries signed from now on use it. */
export async function rollWebhookSecret(ctx: TWriteContext, id: string) {
  const row = await findEndpoint(ctx, id);
  const secret = newSigningSecret();
  await repo.updateEndpoint(ctx.db, ctx.stationId, id, {
    secretSealed: sealSigningSecret(ctx.config.sessionSecret, owner(row), secret),
    secretHint: secretHint(secret),
    updatedAt: ctx.now,
  });
  return { secret };
}

/** A `webhook.test` event to this endpoint only, whatever it subscribes to. */
export async function sendWebhookTest(
  ctx: TWriteContext,
  id: string,
  wake: TWake,
): Promise<TWebhookDelivery> {
  const endpoint = await findEndpoint(ctx, id);
  if (!endpoint.enabled) throw new AppError('webhook_endpoint_disabled');
  const payload = webhookPayload(
    ctx.stationId,
    WEBHOOK_TEST_EVENT,
    { endpoint_id: endpoint.id, test: true },
    ctx.now,
  );
  const row = await repo.insertDelivery(ctx.db, {
    stationId: ctx.stationId,
    endpointId: endpoint.id,
    eventId: payload.id,
    eventType: WEBHOOK_TEST_EVENT,
    payload,
    createdAt: ctx.now,
  });
  await wake();
  return toDelivery({ ...row, endpointUrl: endpoint.url });
}

export async function listWebhookDeliveries(
  ctx: TReadContext,
  query: z.output<typeof ZWebhookDeliveryQuery>,
) {
  if (query.endpoint_id) await findEndpoint(ctx, query.endpoint_id);
  const before = query.before_id ? await findDelivery(ctx, query.before_id) : null;
  const rows = await repo.listDeliveries(ctx.db, ctx.stationId, {
    endpointId: query.endpoint_id,
    status: query.status,
    eventType: query.event_type,
    before: before ? { createdAt: before.createdAt, id: before.id } : undefined,
    limit: query.limit,
  });
  return { deliveries: rows.map(toDelivery) };
}

async function findDelivery(ctx: TReadContext, id: string) {
  const row = await repo.findDelivery(ctx.db, ctx.stationId, id);
  if (!row) throw notFound('webhook_delivery_not_found');
  return row;
}

export async function getWebhookDelivery(ctx: TReadContext, id: string): Promise<TWebhookDeliveryDetail> {
  const row = await findDelivery(ctx, id);
  const attempts = await repo.listAttempts(ctx.db, ctx.stationId, id);
  return {
    ...toDelivery(row),
    payload: row.payload as TWebhookDeliveryDetail['payload'],
    attempts_log: attempts.map((a) => ({
      id: a.id,
      attempted_at: a.attemptedAt.toISOString(),
      status_code: a.statusCode,
      duration_ms: a.durationMs,
      error: a.error,
      response_body: a.responseBody,
    })),
  };
}

/** The same event again (same id and body, a fresh signature), now, with 24 h of retries from now. */
export async function replayWebhookDelivery(
  ctx: TWriteContext,
  id: string,
  wake: TWake,
): Promise<TWebhookDelivery> {
  const row = await findDelivery(ctx, id);
  const endpoint = await findEndpoint(ctx, row.endpointId);
  if (!endpoint.enabled) throw new AppError('webhook_endpoint_disabled');
  // A delivery being sent right now is left to finish; the replay then is what it answers.
  if (row.status !== 'sending') await repo.requeueDelivery(ctx.db, ctx.stationId, id);
  await wake();
  return toDelivery(await findDelivery(ctx, id));
}
