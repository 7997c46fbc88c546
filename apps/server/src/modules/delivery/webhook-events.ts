// The delivery module's webhook events, recorded in the transaction that moves the
// texts: delivery.failed per failed text (the dispatcher's permanent failures, the carriers'
// undelivered and failed callbacks), send.progress at each 10 % step and send.completed once.
// Stations without an endpoint for these events cost one indexed look per batch.
import type { DbOrTx } from '../../db/client.js';
import { recordSendProgress, recordWebhookEvents, webhookListeners } from '../webhooks/index.js';
import { failureReason } from './report.js';
import { failedDeliveries, sendCounts } from './webhook-repo.js';

type TMoved = { stationId: string; sendId: string };

export async function recordDeliveryWebhooks(
  db: DbOrTx,
  moved: TMoved[],
  failedIds: string[],
  at: Date,
  options: { progress: boolean },
) {
  if (moved.length === 0) return;
  const listening = new Set(
    await webhookListeners(
      db,
      moved.map((m) => m.stationId),
      ['delivery.failed', 'send.progress', 'send.completed'],
    ),
  );
  if (listening.size === 0) return;
  const failed = (await failedDeliveries(db, failedIds)).filter((f) => listening.has(f.stationId));
  for (const stationId of new Set(failed.map((f) => f.stationId))) {
    await recordWebhookEvents(db, {
      stationId,
      type: 'delivery.failed',
      at,
      data: failed
        .filter((f) => f.stationId === stationId)
        .map((f) => ({
          send_id: f.sendId,
          message_id: f.messageId,
          delivery_id: f.deliveryId,
          contact_id: f.contactId,
          language: f.language,
          status: f.status,
          error_code: failureReason(f.error).code || null,
          reason: failureReason(f.error).reason || null,
          error: f.error,
        })),
    });
  }
  if (!options.progress) return;
  const sendIds = [...new Set(moved.filter((m) => listening.has(m.stationId)).map((m) => m.sendId))];
  await recordSendProgress(db, await sendCounts(db, sendIds), at);
}
