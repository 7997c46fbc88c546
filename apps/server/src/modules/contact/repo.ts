// Queries on contact requests.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { contactRequests } from '../../db/schema/owned/contact.js';

export async function insertContactRequest(db: DbOrTx, values: typeof contactRequests.$inferInsert) {
  const [row] = await db.insert(contactRequests).values(values).returning({ id: contactRequests.id });
  return row;
}

export async function markContactRequestEmailed(db: DbOrTx, id: string, at: Date) {
  await db.update(contactRequests).set({ emailedAt: at }).where(eq(contactRequests.id, id));
}
