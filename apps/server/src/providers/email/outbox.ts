// Dev email provider: keeps every email in the outbox table, shown on /dev/outbox. Never in production.
import type { Db } from '../../db/client.js';
import { recordOutboxMessage } from '../outbox/repo.js';
import type { TEmailProvider } from './types.js';

export function createOutboxEmailProvider(db: Db, from: string): TEmailProvider {
  return {
    name: 'outbox',
    async send(email) {
      const id = await recordOutboxMessage(db, {
        channel: 'email',
        to: email.to,
        from,
        subject: email.subject,
        body: email.text,
        stationId: email.stationId ?? null,
      });
      return { id };
    },
  };
}
