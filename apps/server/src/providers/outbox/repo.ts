// The dev outbox table: what the outbox SMS and email providers "sent".
import { desc, sql } from 'drizzle-orm';
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

/**
 * For each text, the id of an SMS the outbox stored to that number with that body since then (a
 * node may have died between storing it and recording it as sent), else null. One query.
 */
export async function findOutboxSms(db: DbOrTx, messages: { to: string; body: string; since: Date }[]) {
  const wanted = JSON.stringify(
    messages.map((m, i) => ({ i, to: m.to, body: m.body, since: m.since.toISOString() })),
  );
  const result = await db.execute(sql`
    select w.i, (select o.id from ${outboxMessages} o
      where o.channel = 'sms' and o."to" = w."to" and o.body = w.body and o.created_at >= w.since - interval '5 seconds'
      order by o.created_at limit 1) as id
    from jsonb_to_recordset(${wanted}::jsonb) as w(i int, "to" text, body text, since timestamptz)`);
  const ids: (string | null)[] = messages.map(() => null);
  for (const row of (result as unknown as { rows: { i: number; id: string | null }[] }).rows)
    ids[row.i] = row.id;
  return ids;
}
