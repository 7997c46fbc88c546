// A send asked for by a person on the Messages page or by an integration's key: accepted under the
// same rules (send.ts), then the dispatcher is woken and live pages are told, whoever asked.
import type { TSendMode, TSendRequest } from '@message-station/shared';
import type { TEventBus } from '../../platform/event-bus.js';
import type { TServiceContext } from '../../service-context.js';
import { acceptSend } from './send.js';
import type { TDispatchQueue } from './worker.js';

export async function startSend(
  context: Pick<TServiceContext, 'db' | 'auth' | 'now'>,
  deps: { dispatch: Pick<TDispatchQueue, 'wake'>; events: Pick<TEventBus, 'publish'> },
  request: {
    messageId: string;
    idempotencyKey: string | undefined;
    body: TSendRequest | undefined;
    /** The public API sends unattended unless its caller vouched (send_unreviewed): decision 0050. */
    mode?: TSendMode;
  },
) {
  const result = await acceptSend(context, {
    messageId: request.messageId,
    idempotencyKey: request.idempotencyKey,
    sendAgain: request.body?.send_again === true,
    sendUnreviewed: request.body?.send_unreviewed === true,
    mode: request.mode,
  });
  await deps.dispatch.wake(context.auth.stationId);
  await deps.events.publish({
    stationId: context.auth.stationId,
    type: 'sms_progress',
    data: { message_id: request.messageId },
  });
  return result;
}
