// Sends due deliveries. A worker claims rows with FOR UPDATE SKIP LOCKED (repo.ts), so
// two workers never take the same row; it holds each for a lease well past the call's timeout, and
// records the attempt and the outcome only while it still holds the row. 2xx: delivered. Anything
// else, or no answer: again after 1 min, 5 min, 30 min, 2 h, 5 h, then every 10 h (±10 %), for 24 h
// from the first attempt (a last try at the 24 h mark), then failed. WEBHOOK_DISABLE_AFTER_FAILURES
// failed deliveries in a row turn the endpoint off and email the station's admins.
import { randomUUID } from 'node:crypto';
import {
  APP_VERSION,
  WEBHOOK_DISABLE_AFTER_FAILURES,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  WEBHOOK_RETRY_WINDOW_SECONDS,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_TIMEOUT_MS,
} from '@message-station/shared';
import type { Db } from '../../db/client.js';
import type { TEmailProvider } from '../../providers/email/index.js';
import { recordAudit } from '../audit/service.js';
import { listStationAdmins } from '../users/service.js';
import { endpointDisabledEmail } from './disabled-email.js';
import type { TWebhookPost } from './post.js';
import * as repo from './repo.js';
import { openSigningSecret } from './secrets.js';
import { SIGNATURE_HEADER, signatureHeader } from './signature.js';

export type TWebhookDeliverDeps = {
  db: Db;
  post: TWebhookPost;
  email: TEmailProvider;
  sessionSecret: string;
  publicUrl: string;
  now: () => Date;
  /** This worker's id (claims are held in its name). */
  holder: string;
  /** 0..1, for the jitter (tests fix it). */
  random?: () => number;
  timeoutMs?: number;
  /** Deliveries claimed at once (and sent side by side). */
  batchSize?: number;
  disableAfter?: number;
  log?: { error(details: object, message: string): void; warn?(details: object, message: string): void };
};

export type TDeliverResult = { delivered: number; retried: number; failed: number; disabled: string[] };

/** The wait before the attempt after `attempts` failed ones, jittered ±10 %. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const steps = WEBHOOK_RETRY_DELAYS_SECONDS;
  const base = steps[Math.min(Math.max(attempts, 1), steps.length) - 1] as number;
  return Math.round(base * 1000 * (0.9 + 0.2 * random()));
}

/** When to try again, or null when the 24 h are over. */
export function nextAttemptAt(
  attempts: number,
  windowStartedAt: Date,
  now: Date,
  random?: () => number,
): Date | null {
  const deadline = windowStartedAt.getTime() + WEBHOOK_RETRY_WINDOW_SECONDS * 1000;
  if (now.getTime() >= deadline) return null;
  return new Date(Math.min(now.getTime() + retryDelayMs(attempts, random), deadline));
}

export function deliveryHeaders(
  secret: string,
  delivery: { eventId: string; eventType: string },
  body: string,
  at: Date,
) {
  return {
    'Content-Type': 'application/json',
    'User-Agent': `MessageStation-Webhooks/${APP_VERSION}`,
    [SIGNATURE_HEADER]: signatureHeader(secret, body, at),
    'MessageStation-Event-Id': delivery.eventId,
    'MessageStation-Event-Type': delivery.eventType,
  };
}

type TAttemptOutcome = {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  responseBody: string | null;
  durationMs: number;
};

async function attempt(
  deps: TWebhookDeliverDeps,
  row: repo.TClaimedDelivery,
  at: Date,
): Promise<TAttemptOutcome> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  let secret: string;
  try {
    secret = openSigningSecret(
      deps.sessionSecret,
      { stationId: row.stationId, endpointId: row.endpointId },
      row.secretSealed,
    );
  } catch {
    return {
      ok: false,
      statusCode: null,
      error: 'The signing secret could not be read (SESSION_SECRET changed?)',
      responseBody: null,
      durationMs: 0,
    };
  }
  const body = JSON.stringify(row.payload);
  try {
    const answer = await deps.post({
      url: row.url,
      body,
      headers: deliveryHeaders(secret, row, body, at),
      timeoutMs: deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
    });
    const ok = answer.statusCode >= 200 && answer.statusCode < 300;
    return {
      ok,
      statusCode: answer.statusCode,
      error: ok ? null : `HTTP ${answer.statusCode}`,
      responseBody: answer.body || null,
      durationMs: took(),
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      statusCode: null,
      error: reason.slice(0, 500),
      responseBody: null,
      durationMs: took(),
    };
  }
}

async function tellAdmins(deps: TWebhookDeliverDeps, endpoint: repo.TEndpointRow, lastError: string | null) {
  await recordAudit(deps.db, {
    stationId: endpoint.stationId,
    actor: null,
    action: 'webhook.disabled',
    target: { type: 'webhook', id: endpoint.id },
    details: { label: endpoint.url, failures: endpoint.consecutiveFailures },
    at: deps.now(),
  });
  for (const admin of await listStationAdmins(deps.db, endpoint.stationId)) {
    try {
      await deps.email.send({
        to: admin.email,
        stationId: endpoint.stationId,
        ...endpointDisabledEmail({
          fullName: admin.fullName,
          language: admin.language,
          url: endpoint.url,
          failures: endpoint.consecutiveFailures,
          lastError,
          link: `${deps.publicUrl}/admin/webhooks`,
        }),
      });
    } catch (error) {
      deps.log?.error({ err: error, endpointId: endpoint.id }, 'webhook disabled email not sent');
    }
  }
}

async function deliverOne(deps: TWebhookDeliverDeps, row: repo.TClaimedDelivery, result: TDeliverResult) {
  const at = deps.now();
  const outcome = await attempt(deps, row, at);
  const finishedAt = deps.now();
  const counts = row.eventType !== WEBHOOK_TEST_EVENT;
  const disabled = await deps.db.transaction(async (tx) => {
    await repo.insertAttempt(tx, {
      stationId: row.stationId,
      deliveryId: row.id,
      attemptedAt: at,
      statusCode: outcome.statusCode,
      durationMs: outcome.durationMs,
      error: outcome.error,
      responseBody: outcome.responseBody,
    });
    const values = { statusCode: outcome.statusCode, error: outcome.error };
    if (outcome.ok) {
      const done = await repo.markDelivered(tx, row.id, deps.holder, finishedAt, values);
      if (done && counts) await repo.resetFailures(tx, done.endpointId);
      if (done) result.delivered++;
      return null;
    }
    const next = nextAttemptAt(row.attempts, new Date(row.windowStartedAt), finishedAt, deps.random);
    if (next) {
      if (await repo.markRetry(tx, row.id, deps.holder, next, values)) result.retried++;
      return null;
    }
    const failed = await repo.markFailed(tx, row.id, deps.holder, finishedAt, values);
    if (!failed) return null;
    result.failed++;
    return counts
      ? repo.countFailure(
          tx,
          failed.endpointId,
          deps.disableAfter ?? WEBHOOK_DISABLE_AFTER_FAILURES,
          finishedAt,
        )
      : null;
  });
  if (disabled) {
    result.disabled.push(disabled.id);
    await tellAdmins(deps, disabled, outcome.error);
  }
}

/** Sends every delivery due now, batch after batch, until none is left. */
export async function deliverDue(deps: TWebhookDeliverDeps, options: { stopping?: () => boolean } = {}) {
  const result: TDeliverResult = { delivered: 0, retried: 0, failed: 0, disabled: [] };
  const timeoutMs = deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  while (!options.stopping?.()) {
    const now = deps.now();
    const rows = await repo.claimDue(deps.db, {
      holder: deps.holder,
      now,
      // Long past the calls' timeout: a row is taken back only from a worker that died.
      leaseUntil: new Date(now.getTime() + timeoutMs * 6),
      limit: deps.batchSize ?? 20,
    });
    if (rows.length === 0) break;
    await Promise.all(
      rows.map((row) =>
        deliverOne(deps, row, result).catch((error) =>
          deps.log?.error({ err: error, deliveryId: row.id }, 'webhook delivery not recorded'),
        ),
      ),
    );
  }
  return result;
}

export const newWebhookWorkerId = () => `webhooks-${process.pid}-${randomUUID().slice(0, 8)}`;
