// The delivery report of a message as CSV (GET /admin/api/messages/{id}/deliveries.csv, admins):
// one row per text, with the recipient's name as the contact list has it now, the status, why it
// failed as a stable reason (and the provider's code), and its times. Reasons are codes, not
// English: whoever reads the file reads them in their language from the docs (README).
import type { TDeliveryRecipients, TFailureReason, ZDeliveryRecipientsQuery } from '@message-station/shared';
import type { z } from 'zod';
import { csvDocument, csvRow } from '../../platform/csv.js';
import { notFound } from '../../platform/errors.js';
import type { TServiceContext } from '../../service-context.js';
import { findMessage } from '../messages/service.js';
import { contactNames } from '../subscribers/contacts-service.js';
import { deliveriesOfMessage, pageRecipients, stageOf } from './report-repo.js';

const PAGE = 5000;

export const DELIVERY_REPORT_HEADER = [
  'send_started_at_utc',
  'name',
  'phone',
  'language',
  'status',
  'failure_reason',
  'provider_error_code',
  'attempts',
  'segments',
  'sent_at_utc',
  'finished_at_utc',
] as const;

/** The provider codes a station can act on, by what they mean; anything else is `other`. */
const REASONS: Record<string, TFailureReason> = {
  '21211': 'invalid_number',
  '21610': 'unsubscribed',
  '21614': 'not_mobile',
  '30003': 'unreachable',
  '30004': 'blocked',
  '30005': 'unknown_number',
  '30006': 'landline',
  '30007': 'carrier_filtered',
  '30008': 'carrier_error',
};

/**
 * Why a text failed, from what the dispatcher and the status callbacks stored ("Twilio 21614: …",
 * "Carrier error 30006", "Twilio unreachable: …").
 */
export function failureReason(error: string | null): { reason: TFailureReason | ''; code: string } {
  if (!error) return { reason: '', code: '' };
  const code = /^(?:Twilio|Carrier error) (\d+)\b/.exec(error)?.[1] ?? '';
  if (code) return { reason: REASONS[code] ?? 'other', code };
  if (error.startsWith('Twilio unreachable')) return { reason: 'provider_unreachable', code: '' };
  return { reason: 'other', code: '' };
}

type TDeliveryRecipientsQueryParsed = z.output<typeof ZDeliveryRecipientsQuery>;

const iso = (at: Date | null) => at?.toISOString() ?? '';

/** A page of the message's texts for the detail view: numbers masked, reasons as codes. */
export async function listRecipients(
  ctx: Pick<TServiceContext, 'db' | 'stationId'>,
  messageId: string,
  query: TDeliveryRecipientsQueryParsed,
): Promise<TDeliveryRecipients> {
  const message = await findMessage(ctx.db, ctx.stationId, messageId);
  if (!message) throw notFound('message_not_found');
  const page = await pageRecipients(ctx.db, ctx.stationId, messageId, query, query.limit, query.offset);
  const names = await contactNames(
    ctx.db,
    ctx.stationId,
    page.rows.flatMap((d) => (d.contactId ? [d.contactId] : [])),
  );
  return {
    total: page.total,
    recipients: page.rows.map((row) => {
      const stage = stageOf(row.status);
      const failure = stage === 'failed' ? failureReason(row.error) : null;
      return {
        id: row.id,
        name: row.contactId ? (names.get(row.contactId) ?? null) : null,
        phone_last4: row.phone.slice(-4),
        language: row.language,
        stage,
        failure_reason: failure?.reason || (stage === 'failed' ? 'other' : null),
        provider_error_code: failure?.code || null,
        sent_at: row.sentAt?.toISOString() ?? null,
        finished_at: row.finishedAt?.toISOString() ?? null,
      };
    }),
  };
}

export async function deliveriesCsv(
  ctx: Pick<TServiceContext, 'db' | 'stationId'>,
  messageId: string,
): Promise<string> {
  const message = await findMessage(ctx.db, ctx.stationId, messageId);
  if (!message) throw notFound('message_not_found');
  const rows: string[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await deliveriesOfMessage(ctx.db, ctx.stationId, messageId, PAGE, offset);
    const names = await contactNames(
      ctx.db,
      ctx.stationId,
      page.flatMap((d) => (d.contactId ? [d.contactId] : [])),
    );
    for (const delivery of page) {
      const failure =
        delivery.status === 'failed' || delivery.status === 'undelivered'
          ? failureReason(delivery.error)
          : { reason: '', code: '' };
      rows.push(
        csvRow([
          iso(delivery.sendStartedAt),
          delivery.contactId ? names.get(delivery.contactId) : '',
          delivery.phone,
          delivery.language,
          delivery.status,
          failure.reason,
          failure.code,
          delivery.attempts,
          delivery.segments,
          iso(delivery.sentAt),
          iso(delivery.finishedAt),
        ]),
      );
    }
    if (page.length < PAGE) break;
  }
  return csvDocument(DELIVERY_REPORT_HEADER, rows);
}
