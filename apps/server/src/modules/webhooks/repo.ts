// Queries of the webhooks module: endpoints, deliveries, attempts and the send marks. Every query a
// request makes filters on the station; the worker's claim reads across stations (it sends them all).
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookSendMarks,
} from '../../db/schema/owned/webhooks.js';

export type TEndpointRow = typeof webhookEndpoints.$inferSelect;
export type TDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type TAttemptRow = typeof webhookAttempts.$inferSelect;
export type TEndpointWithLast = TEndpointRow & {
  lastDeliveryAt: Date | null;
  lastDeliveryStatus: TDeliveryRow['status'] | null;
};

/** The ids as a uuid[] parameter. */
const uuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

export async function listEndpoints(db: DbOrTx, stationId: string): Promise<TEndpointWithLast[]> {
  const rows = await db
    .select({
      endpoint: webhookEndpoints,
      lastDeliveryAt: sql<Date | null>`(select d.created_at from ${webhookDeliveries} d
        where d.endpoint_id = "webhook_endpoints"."id" order by d.created_at desc limit 1)`.mapWith(
        (v: string | Date | null) => (v === null ? null : new Date(v)),
      ),
      lastDeliveryStatus: sql<TDeliveryRow['status'] | null>`(select d.status from ${webhookDeliveries} d
        where d.endpoint_id = "webhook_endpoints"."id" order by d.created_at desc limit 1)`,
    })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.stationId, stationId))
    .orderBy(webhookEndpoints.createdAt);
  return rows.map((r) => ({
    ...r.endpoint,
    lastDeliveryAt: r.lastDeliveryAt,
    lastDeliveryStatus: r.lastDeliveryStatus,
  }));
}

export async function findEndpoint(
  db: DbOrTx,
  stationId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.stationId, stationId), eq(webhookEndpoints.id, id)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function countEndpoints(db: DbOrTx, stationId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.stationId, stationId));
  return row?.n ?? 0;
}

export async function insertEndpoint(db: DbOrTx, values: typeof webhookEndpoints.$inferInsert) {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  if (!row) throw new Error('webhook endpoint insert returned nothing');
  return row;
}

export async function updateEndpoint(
  db: DbOrTx,
  stationId: string,
  id: string,
  values: Partial<typeof webhookEndpoints.$inferInsert>,
) {
  const [row] = await db
    .update(webhookEndpoints)
    .set(values)
    .where(and(eq(webhookEndpoints.stationId, stationId), eq(webhookEndpoints.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteEndpoint(db: DbOrTx, stationId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.stationId, stationId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/**
 * One delivery per event and enabled endpoint of the station subscribed to the type, in one
 * statement: with no such endpoint it reads the partial index and writes nothing.
 */
export async function insertEventDeliveries(
  db: DbOrTx,
  event: { stationId: string; type: string; payloads: Record<string, unknown>[]; at: Date },
): Promise<number> {
  const result = await db.execute(sql`
    insert into ${webhookDeliveries} (station_id, endpoint_id, event_id, event_type, payload, created_at)
    select e.station_id, e.id, (p.value->>'id')::uuid, ${event.type}, p.value, ${event.at.toISOString()}::timestamptz
    from ${webhookEndpoints} e
    cross join jsonb_array_elements(${JSON.stringify(event.payloads)}::jsonb) as p(value)
    where e.station_id = ${event.stationId} and e.enabled and ${event.type} = any(e.events)
    returning id`);
  return rowsOf(result).length;
}

/** A delivery to one endpoint (a test event), whatever it subscribes to. */
export async function insertDelivery(db: DbOrTx, values: typeof webhookDeliveries.$inferInsert) {
  const [row] = await db.insert(webhookDeliveries).values(values).returning();
  if (!row) throw new Error('webhook delivery insert returned nothing');
  return row;
}

/** Of these stations, the ones with an enabled endpoint for any of the types. */
export async function stationsListening(
  db: DbOrTx,
  stationIds: string[],
  types: string[],
): Promise<string[]> {
  if (stationIds.length === 0) return [];
  const result = await db.execute(sql`
    select distinct e.station_id::text as "stationId" from ${webhookEndpoints} e
    where e.station_id = any(${uuids(stationIds)}) and e.enabled
      and e.events && ${`{${types.join(',')}}`}::text[]`);
  return rowsOf<{ stationId: string }>(result).map((r) => r.stationId);
}

export type TClaimedDelivery = {
  id: string;
  stationId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  payload: Record<string, unknown>;
  attempts: number;
  windowStartedAt: string;
  url: string;
  secretSealed: string;
};

/**
 * Takes up to `limit` due deliveries of enabled endpoints for this worker, skipping rows another
 * worker is taking; also a `sending` row whose holder's lease ran out (it died mid-call). Each is
 * `sending`, held until `leaseUntil`, its attempt counted, its 24 h window started.
 */
export async function claimDue(
  db: DbOrTx,
  claim: { holder: string; now: Date; leaseUntil: Date; limit: number },
): Promise<TClaimedDelivery[]> {
  const now = claim.now.toISOString();
  const result = await db.execute(sql`
    update ${webhookDeliveries} d set status = 'sending', claimed_by = ${claim.holder},
      lease_until = ${claim.leaseUntil.toISOString()}::timestamptz, attempts = d.attempts + 1,
      window_started_at = coalesce(d.window_started_at, ${now}::timestamptz)
    from ${webhookEndpoints} e
    where e.id = d.endpoint_id and d.id in (
      select w.id from ${webhookDeliveries} w join ${webhookEndpoints} we on we.id = w.endpoint_id and we.enabled
      where (w.status = 'pending' and (w.next_attempt_at is null or w.next_attempt_at <= ${now}::timestamptz))
         or (w.status = 'sending' and w.lease_until < ${now}::timestamptz)
      order by w.next_attempt_at nulls first, w.created_at
      limit ${claim.limit}
      for update of w skip locked)
    returning d.id, d.station_id as "stationId", d.endpoint_id as "endpointId", d.event_id as "eventId",
      d.event_type as "eventType", d.payload, d.attempts, d.window_started_at::text as "windowStartedAt",
      e.url, e.secret_sealed as "secretSealed"`);
  return rowsOf<TClaimedDelivery>(result);
}

export async function insertAttempt(db: DbOrTx, values: typeof webhookAttempts.$inferInsert) {
  await db.insert(webhookAttempts).values(values);
}

type TOutcomeValues = { statusCode: number | null; error: string | null };
const held = (id: string, holder: string) =>
  and(
    eq(webhookDeliveries.id, id),
    eq(webhookDeliveries.status, 'sending'),
    eq(webhookDeliveries.claimedBy, holder),
  );

/** The holder's delivery is done; false when it is no longer the holder's (its lease ran out). */
export async function markDelivered(
  db: DbOrTx,
  id: string,
  holder: string,
  at: Date,
  outcome: TOutcomeValues,
) {
  const rows = await db
    .update(webhookDeliveries)
    .set({
      status: 'delivered',
      finishedAt: at,
      nextAttemptAt: null,
      claimedBy: null,
      leaseUntil: null,
      lastStatusCode: outcome.statusCode,
      lastError: null,
    })
    .where(held(id, holder))
    .returning({ endpointId: webhookDeliveries.endpointId });
  return rows[0] ?? null;
}

export async function markRetry(db: DbOrTx, id: string, holder: string, next: Date, outcome: TOutcomeValues) {
  const rows = await db
    .update(webhookDeliveries)
    .set({
      status: 'pending',
      nextAttemptAt: next,
      claimedBy: null,
      leaseUntil: null,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error,
    })
    .where(held(id, holder))
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

export async function markFailed(db: DbOrTx, id: string, holder: string, at: Date, outcome: TOutcomeValues) {
  const rows = await db
    .update(webhookDeliveries)
    .set({
      status: 'failed',
      finishedAt: at,
      nextAttemptAt: null,
      claimedBy: null,
      leaseUntil: null,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error,
    })
    .where(held(id, holder))
    .returning({ endpointId: webhookDeliveries.endpointId });
  return rows[0] ?? null;
}

export async function resetFailures(db: DbOrTx, endpointId: string) {
  await db
    .update(webhookEndpoints)
    .set({ consecutiveFailures: 0 })
    .where(and(eq(webhookEndpoints.id, endpointId), sql`${webhookEndpoints.consecutiveFailures} > 0`));
}

/**
 * Counts a failed delivery; at `limit` in a row the endpoint is turned off. Answers the endpoint
 * when this call turned it off (once: an endpoint already off is not turned off again).
 */
export async function countFailure(db: DbOrTx, endpointId: string, limit: number, at: Date) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1`,
      enabled: sql`case when ${webhookEndpoints.enabled} and ${webhookEndpoints.consecutiveFailures} + 1 >= ${limit} then false else ${webhookEndpoints.enabled} end`,
      disabledReason: sql`case when ${webhookEndpoints.enabled} and ${webhookEndpoints.consecutiveFailures} + 1 >= ${limit} then 'failures' else ${webhookEndpoints.disabledReason} end`,
      disabledAt: sql`case when ${webhookEndpoints.enabled} and ${webhookEndpoints.consecutiveFailures} + 1 >= ${limit} then ${at.toISOString()}::timestamptz else ${webhookEndpoints.disabledAt} end`,
    })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning();
  if (
    !row ||
    row.enabled ||
    row.disabledReason !== 'failures' ||
    row.disabledAt?.getTime() !== at.getTime()
  ) {
    return null;
  }
  return row;
}

export type TDeliveryListRow = TDeliveryRow & { endpointUrl: string };

export async function listDeliveries(
  db: DbOrTx,
  stationId: string,
  filter: {
    endpointId?: string;
    status?: TDeliveryRow['status'];
    eventType?: string;
    /** Older than this delivery, in the log's order (time, then id). */
    before?: { createdAt: Date; id: string };
    limit: number;
  },
): Promise<TDeliveryListRow[]> {
  const rows = await db
    .select({ delivery: webhookDeliveries, endpointUrl: webhookEndpoints.url })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(
      and(
        eq(webhookDeliveries.stationId, stationId),
        filter.endpointId ? eq(webhookDeliveries.endpointId, filter.endpointId) : undefined,
        filter.status ? eq(webhookDeliveries.status, filter.status) : undefined,
        filter.eventType ? eq(webhookDeliveries.eventType, filter.eventType) : undefined,
        filter.before
          ? sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.id}) < (${filter.before.createdAt.toISOString()}::timestamptz, ${filter.before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(filter.limit);
  return rows.map((r) => ({ ...r.delivery, endpointUrl: r.endpointUrl }));
}

export async function findDelivery(
  db: DbOrTx,
  stationId: string,
  id: string,
): Promise<TDeliveryListRow | null> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpointUrl: webhookEndpoints.url })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.stationId, stationId), eq(webhookDeliveries.id, id)));
  return row ? { ...row.delivery, endpointUrl: row.endpointUrl } : null;
}

export function listAttempts(db: DbOrTx, stationId: string, deliveryId: string) {
  return db
    .select()
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.stationId, stationId), eq(webhookAttempts.deliveryId, deliveryId)))
    .orderBy(webhookAttempts.attemptedAt);
}

/** A replay: the delivery is due now again, its 24 h of retries counted from its next attempt. */
export async function requeueDelivery(db: DbOrTx, stationId: string, id: string) {
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      status: 'pending',
      nextAttemptAt: null,
      windowStartedAt: null,
      finishedAt: null,
      claimedBy: null,
      leaseUntil: null,
    })
    .where(
      and(
        eq(webhookDeliveries.stationId, stationId),
        eq(webhookDeliveries.id, id),
        sql`${webhookDeliveries.status} <> 'sending'`,
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return row ?? null;
}

/**
 * Moves each send's mark to its step and completion; answers the sends whose step went up, and the
 * ones this call completed. Each update takes the row's lock, so every step and the completion is
 * answered to one caller only, whatever runs at the same time.
 */
export async function advanceSendMarks(
  db: DbOrTx,
  marks: { sendId: string; stationId: string; step: number; completed: boolean }[],
) {
  if (marks.length === 0) return { stepped: [], completed: [] };
  const wanted = sql`jsonb_to_recordset(${JSON.stringify(marks)}::jsonb)
    as v("sendId" uuid, "stationId" uuid, step int, completed boolean)`;
  await db.execute(sql`
    insert into ${webhookSendMarks} (send_id, station_id)
    select "sendId", "stationId" from ${wanted}
    on conflict (send_id) do nothing`);
  const stepped = rowsOf<{ sendId: string; step: number }>(
    await db.execute(sql`
      update ${webhookSendMarks} m set step = v.step from ${wanted}
      where m.send_id = v."sendId" and m.step < v.step
      returning m.send_id::text as "sendId", m.step`),
  );
  const completed = rowsOf<{ sendId: string }>(
    await db.execute(sql`
      update ${webhookSendMarks} m set completed = true from ${wanted}
      where m.send_id = v."sendId" and v.completed and not m.completed
      returning m.send_id::text as "sendId"`),
  );
  return { stepped, completed: completed.map((r) => r.sendId) };
}

/** Forgets finished deliveries (and their attempts) from before `before`: the log keeps 30 days. */
export async function pruneDeliveries(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(webhookDeliveries)
    .where(
      and(
        sql`${webhookDeliveries.status} in ('delivered', 'failed')`,
        lt(webhookDeliveries.createdAt, before),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}
