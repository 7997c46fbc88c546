// What the messages list shows of each message's SMS: where its latest send stands.
import type { TMessageLastSend } from '@message-station/shared';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  latestSendJsonSql as latestSendJson,
  latestSendsOf,
  type TLatestSendJson,
} from './last-send-repo.js';

export type { TLatestSendJson } from './last-send-repo.js';

/** The message's latest send as JSON, a column of the messages list's one statement (decision 0061). */
export function latestSendJsonSql(stationId: SQL, messageId: SQL, now: SQL): SQL {
  return latestSendJson(stationId, messageId, now);
}

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

/** The API's view of a send read by latestSendJsonSql (as lastSendsOf words each row). */
export function lastSendFromJson(row: TLatestSendJson | null): TMessageLastSend | null {
  if (!row) return null;
  const n = (value: number) => Number(value);
  return {
    sent_at: new Date(row.sentAt).toISOString(),
    recipients: n(row.recipients),
    in_flight: n(row.queued) + n(row.claimed) + n(row.submitting),
    held: n(row.held),
    sent: n(row.sent),
    delivered: n(row.delivered),
    failed: n(row.failed) + n(row.undelivered),
  };
}
