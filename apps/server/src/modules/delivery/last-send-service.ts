// What the messages list shows of each message's SMS: where its latest send stands (issue 22).
import type { TMessageLastSend } from '@message-station/shared';
import type { DbOrTx } from '../../db/client.js';
import { latestSendsOf } from './last-send-repo.js';

/** The latest send of each message by id, in one read; a message never sent has no entry. */
export async function lastSendsOf(
  db: DbOrTx,
  input: { stationId: string; messageIds: string[]; now: Date },
): Promise<Map<string, TMessageLastSend>> {
  if (input.messageIds.length === 0) return new Map();
  const rows = await latestSendsOf(db, input.stationId, input.messageIds, input.now);
  const sends = new Map<string, TMessageLastSend>();
  for (const row of rows) {
    if (!row.messageId) continue;
    sends.set(row.messageId, {
      sent_at: new Date(row.sentAt).toISOString(),
      recipients: row.recipients,
      in_flight: row.queued + row.claimed + row.submitting,
      held: row.held,
      sent: row.sent,
      delivered: row.delivered,
      failed: row.failed + row.undelivered,
    });
  }
  return sends;
}
