// Where other modules tell the webhooks that something happened. recordWebhookEvent
// runs in the caller's transaction when it has one: the event is written with the change it
// describes, or not at all. One statement writes a delivery per enabled endpoint of the station
// subscribed to the type; with none it reads one partial index and writes nothing. The worker
// (worker.ts) sends them.
import { randomUUID } from 'node:crypto';
import {
  type TWebhookEventType,
  type TWebhookPayload,
  WEBHOOK_PROGRESS_STEP_PERCENT,
} from '@message-station/shared';
import type { DbOrTx } from '../../db/client.js';
import * as repo from './repo.js';

export type TWebhookEvent = {
  stationId: string;
  type: TWebhookEventType;
  data: Record<string, unknown>;
  /** When it happened (the caller's clock). */
  at: Date;
};

export function webhookPayload(
  stationId: string,
  type: string,
  data: Record<string, unknown>,
  at: Date,
): TWebhookPayload {
  return { id: randomUUID(), type, created_at: at.toISOString(), station_id: stationId, data };
}

/** Records one event for the station's endpoints that want it. Answers the deliveries written. */
export async function recordWebhookEvent(db: DbOrTx, event: TWebhookEvent): Promise<number> {
  return recordWebhookEvents(db, { ...event, data: [event.data] });
}

/** Several events of one type and station (an import's contacts), in one statement. */
export async function recordWebhookEvents(
  db: DbOrTx,
  events: Omit<TWebhookEvent, 'data'> & { data: Record<string, unknown>[] },
): Promise<number> {
  if (events.data.length === 0) return 0;
  // Many at once (an import): one look first, so a station without endpoints builds no payloads.
  if (
    events.data.length > 1 &&
    !(await repo.stationsListening(db, [events.stationId], [events.type])).length
  ) {
    return 0;
  }
  const { at } = events;
  return repo.insertEventDeliveries(db, {
    stationId: events.stationId,
    type: events.type,
    at,
    payloads: events.data.map((data) => webhookPayload(events.stationId, events.type, data, at)),
  });
}

/** Of these stations, those with an enabled endpoint for any of the types (skip work for the rest). */
export function webhookListeners(db: DbOrTx, stationIds: string[], types: TWebhookEventType[]) {
  return repo.stationsListening(db, [...new Set(stationIds)], types);
}

type TConsentEvent = {
  stationId: string;
  contactId?: string | null;
  phone: string;
  event: 'opt_in' | 'opt_out';
  source: string;
  /** When it was given (the caller's clock). */
  createdAt: Date;
};

/**
 * subscriber.joined for each opt-in, subscriber.opted_out for each opt-out: the consent record is
 * where every way in and out (web join, keyword, import, staff, unsubscribe page, API) is written.
 */
export async function recordConsentWebhooks(db: DbOrTx, consents: TConsentEvent[]) {
  const groups = new Map<
    string,
    { stationId: string; type: TWebhookEventType; at: Date; data: Record<string, unknown>[] }
  >();
  for (const consent of consents) {
    const type: TWebhookEventType = consent.event === 'opt_in' ? 'subscriber.joined' : 'subscriber.opted_out';
    const at = consent.createdAt;
    const key = `${consent.stationId}|${type}|${at.toISOString()}`;
    const group = groups.get(key) ?? { stationId: consent.stationId, type, at, data: [] };
    group.data.push({ contact_id: consent.contactId ?? null, phone: consent.phone, source: consent.source });
    groups.set(key, group);
  }
  for (const group of groups.values()) await recordWebhookEvents(db, group);
}

export type TSendCounts = {
  stationId: string;
  sendId: string;
  messageId: string | null;
  total: number;
  /** Not handed to the provider yet (queued, claimed, submitting). */
  pending: number;
  /** Handed to the provider (sent, delivered, undelivered). */
  sent: number;
  delivered: number;
  /** Failed before or after the provider (failed, undelivered). */
  failed: number;
  credits: number;
};

/**
 * send.progress when a send crosses a 10 % step of its texts handed over or failed (never per
 * text), send.completed once when none is left to hand over. Each is told once (webhook_send_marks).
 */
export async function recordSendProgress(db: DbOrTx, sends: TSendCounts[], at: Date) {
  const listening = new Set(
    await webhookListeners(
      db,
      sends.map((s) => s.stationId),
      ['send.progress', 'send.completed'],
    ),
  );
  const wanted = sends.filter((s) => listening.has(s.stationId) && s.total > 0);
  if (wanted.length === 0) return;
  const stepOf = (s: TSendCounts) =>
    Math.floor(((s.total - s.pending) * 100) / s.total / WEBHOOK_PROGRESS_STEP_PERCENT);
  const moved = await repo.advanceSendMarks(
    db,
    wanted.map((s) => ({
      sendId: s.sendId,
      stationId: s.stationId,
      step: stepOf(s),
      completed: s.pending === 0,
    })),
  );
  const byId = new Map(wanted.map((s) => [s.sendId, s]));
  const completed = new Set(moved.completed);
  for (const { sendId, step } of moved.stepped) {
    const send = byId.get(sendId);
    if (!send || completed.has(sendId)) continue;
    await recordWebhookEvent(db, {
      stationId: send.stationId,
      type: 'send.progress',
      at,
      data: {
        send_id: send.sendId,
        message_id: send.messageId,
        percent: Math.min(100, step * WEBHOOK_PROGRESS_STEP_PERCENT),
        total: send.total,
        pending: send.pending,
        sent: send.sent,
        delivered: send.delivered,
        failed: send.failed,
      },
    });
  }
  for (const sendId of completed) {
    const send = byId.get(sendId);
    if (!send) continue;
    await recordWebhookEvent(db, {
      stationId: send.stationId,
      type: 'send.completed',
      at,
      data: {
        send_id: send.sendId,
        message_id: send.messageId,
        total: send.total,
        sent: send.sent,
        delivered: send.delivered,
        failed: send.failed,
        credits: send.credits,
      },
    });
  }
}
