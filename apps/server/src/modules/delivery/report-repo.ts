// Every text of a message's sends, one row per recipient and send, for the delivery report (CSV):
// oldest send first, then by number.
import { and, asc, eq } from 'drizzle-orm';
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
