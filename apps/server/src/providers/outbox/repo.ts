// The dev outbox table: what the outbox SMS and email providers "sent".
import { desc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { outboxMessages } from '../../db/schema/index.js';

export async function recordOutboxMessage(db: DbOrTx, values: typeof outboxMessages.$inferInsert) {
  const [row] = await db.insert(outboxMessages).values(values).returning({ id: outboxMessages.id });
  if (!row) throw new Error('outbox insert returned nothing');
  return row.id;
}

export function listOutboxMessages(db: DbOrTx, limit: number) {
  return db
    .select()
    .from(outboxMessages)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(limit);
}
