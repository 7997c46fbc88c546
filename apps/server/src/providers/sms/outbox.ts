// Dev provider: stores each SMS in the database instead of sending it (shown on /dev/outbox).
import type { Db } from '../../db/client.js';
import { findOutboxSms, recordOutboxMessage } from '../outbox/repo.js';
import type { TSmsProvider } from './types.js';

export const OUTBOX_FROM_NUMBER = '+15005550006';

export function createOutboxSmsProvider(db: Db): TSmsProvider {
  return {
    name: 'outbox',
    async send(message) {
      const id = await recordOutboxMessage(db, {
        channel: 'sms',
        to: message.to,
        from: message.from ?? OUTBOX_FROM_NUMBER,
        body: message.body,
        stationId: message.stationId ?? null,
      });
      return { providerMessageId: `outbox-${id}` };
    },
    async lookup(messages) {
      const ids = await findOutboxSms(db, messages);
      return ids.map((id) => (id ? `outbox-${id}` : null));
    },
  };
}
