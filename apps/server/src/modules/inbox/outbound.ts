// A text the inbox sends (a staff reply or an auto-reply): charged one credit per segment through
// the ledger in the caller's transaction, then handed to the SMS provider after the commit. A
// text the provider refuses is marked failed and its credits come back (as the dispatcher's do).
import { smsSegments } from '@message-station/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import type { TSmsProvider } from '../../providers/sms/types.js';
import { addCredits, ledgerLine, spendCredits } from '../billing/service.js';
import * as repo from './repo.js';

/** What an inbox text is called in the credit ledger (a text to one subscriber). */
const LEDGER_TITLE = 'Inbox reply';

export type TOutboundText = {
  stationId: string;
  phone: string;
  body: string;
  /** The station's own sender (decision 0016), else the service's. */
  from: string | null;
};

/** Spends the text's credits: its segments and the balance after, or null when too few are left. */
export async function chargeText(tx: DbOrTx, stationId: string, body: string, at: Date, reference: string) {
  const { segments } = smsSegments(body);
  const balance = await spendCredits(tx, stationId, {
    credits: segments,
    ...ledgerLine.send(LEDGER_TITLE, 1),
    reference,
    at,
  });
  return balance === null ? null : { segments, balance };
}

/** Sends a recorded text; on failure marks it failed and gives its credits back. */
export async function sendRecorded(
  deps: {
    db: Db;
    sms: TSmsProvider;
    now: () => Date;
    log?: { error(details: object, message: string): void };
  },
  text: TOutboundText,
  message: repo.TInboxMessageRow,
): Promise<repo.TInboxMessageRow> {
  try {
    const sent = await deps.sms.send({
      to: text.phone,
      body: text.body,
      stationId: text.stationId,
      from: text.from,
    });
    return (
      (await repo.updateMessage(deps.db, text.stationId, message.id, {
        providerMessageId: sent.providerMessageId,
      })) ?? message
    );
  } catch (error) {
    deps.log?.error({ err: error, stationId: text.stationId }, 'inbox text not sent');
    return deps.db.transaction(async (tx) => {
      const failed = await repo.updateMessage(tx, text.stationId, message.id, {
        smsStatus: 'failed',
        credits: 0,
      });
      if (message.credits > 0) {
        await addCredits(tx, text.stationId, {
          kind: 'refund',
          credits: message.credits,
          ...ledgerLine.refund(1),
          reference: message.id,
          at: deps.now(),
        });
      }
      return failed ?? message;
    });
  }
}
