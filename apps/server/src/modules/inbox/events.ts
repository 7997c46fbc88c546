// The inbox's live event: a conversation changed (a text came in or went out, a translation
// finished, it was read), with the station's unread total for the nav badge. Ids and a count only.
import { INBOX_EVENTS } from '@message-station/shared';
import type { DbOrTx } from '../../db/client.js';
import type { TEventBus } from '../../platform/event-bus.js';
import { unreadTotal } from './repo.js';

export async function publishInboxChange(
  deps: { db: DbOrTx; events: TEventBus },
  stationId: string,
  conversationId: string,
) {
  await deps.events.publish({
    stationId,
    type: INBOX_EVENTS.changed,
    data: { conversation_id: conversationId, unread_total: await unreadTotal(deps.db, stationId) },
  });
}
