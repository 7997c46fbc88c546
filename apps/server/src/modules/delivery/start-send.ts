// A send asked for by a person on the Messages page or by an integration's key: accepted under the
// same rules (send.ts), then the dispatcher is woken, live pages are told, whoever asked, and the
// standard users whose requests to send it the send answered get an email (decision 0083).
import type { TSendMode, TSendRequest } from '@message-station/shared';
import type { TEventBus } from '../../platform/event-bus.js';
import type { TServiceContext } from '../../service-context.js';
import { emailRequestersOfSend } from '../send-requests/service.js';
import { acceptSend } from './send.js';
import type { TDispatchQueue } from './worker.js';

export async function startSend(
  context: Pick<TServiceContext, 'db' | 'auth' | 'now'>,
  deps: Pick<TServiceContext, 'email' | 'config' | 'log'> & {
    dispatch: Pick<TDispatchQueue, 'wake'>;
    events: Pick<TEventBus, 'publish'>;
  },
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
  await emailRequestersOfSend(
    {
      db: context.db,
      stationId: context.auth.stationId,
      email: deps.email,
      config: deps.config,
      log: deps.log,
    },
    { messageId: request.messageId, at: context.now },
  );
  return result;
}
