// Every text of a message's sends, one row per recipient and send, for the delivery report (the
// CSV and the list in the detail view): oldest send first, then by number.
import type { TRecipientStage } from '@message-station/shared';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { smsDeliveries, smsSends } from '../../db/schema/owned/delivery.js';

export function deliveriesOfMessage(
  db: DbOrTx,
  stationId: string,
  messageId: string,
  limit: number,
  offset: number,
) {
  return db
    .select({
      sendStartedAt: smsSends.createdAt,
      contactId: smsDeliveries.contactId,
      phone: smsDeliveries.phone,
      language: smsDeliveries.language,
      status: smsDeliveries.status,
      error: smsDeliveries.error,
      attempts: smsDeliveries.attempts,
      segments: smsDeliveries.segments,
      sentAt: smsDeliveries.sentAt,
      finishedAt: smsDeliveries.finishedAt,
    })
    .from(smsDeliveries)
    .innerJoin(smsSends, eq(smsSends.id, smsDeliveries.sendId))
    .where(and(eq(smsSends.stationId, stationId), eq(smsSends.messageId, messageId)))
    .orderBy(asc(smsSends.createdAt), asc(smsDeliveries.phone), asc(smsDeliveries.id))
    .limit(limit)
    .offset(offset);
}

const STAGE_STATUSES: Record<TRecipientStage, (typeof smsDeliveries.$inferSelect)['status'][]> = {
  // Held after a restore (decision 0055): not gone yet, waiting for an admin's decision.
  queued: ['queued', 'held_after_restore'],
  sending: ['claimed', 'submitting'],
  sent: ['sent'],
  delivered: ['delivered'],
  failed: ['failed', 'undelivered'],
};

export function stageOf(status: (typeof smsDeliveries.$inferSelect)['status']): TRecipientStage {
  return (Object.keys(STAGE_STATUSES) as TRecipientStage[]).find((stage) =>
    STAGE_STATUSES[stage].includes(status),
  ) as TRecipientStage;
}

/** A page of the message's texts (oldest send first, then by number) and how many match. */
export async function pageRecipients(
  db: DbOrTx,
  stationId: string,
  messageId: string,
  filter: { stage?: TRecipientStage; language?: string },
  limit: number,
  offset: number,
) {
  const condition = and(
    eq(smsSends.stationId, stationId),
    eq(smsSends.messageId, messageId),
    filter.stage ? inArray(smsDeliveries.status, STAGE_STATUSES[filter.stage]) : undefined,
    filter.language ? eq(smsDeliveries.language, filter.language) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: smsDeliveries.id,
        contactId: smsDeliveries.contactId,
        phone: smsDeliveries.phone,
        language: smsDeliveries.language,
        status: smsDeliveries.status,
        error: smsDeliveries.error,
        sentAt: smsDeliveries.sentAt,
        finishedAt: smsDeliveries.finishedAt,
      })
      .from(smsDeliveries)
      .innerJoin(smsSends, eq(smsSends.id, smsDeliveries.sendId))
      .where(condition)
      .orderBy(asc(smsSends.createdAt), asc(smsDeliveries.phone), asc(smsDeliveries.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(smsDeliveries)
      .innerJoin(smsSends, eq(smsSends.id, smsDeliveries.sendId))
      .where(condition),
  ]);
  return { rows, total: counted?.n ?? 0 };
}
