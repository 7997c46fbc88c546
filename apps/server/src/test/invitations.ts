// Add User is an invitation (decision 0025): tests that need a signed-in user of a station invite
// them as the admin, read the link from the dev email outbox and accept it, as the invitee would.
import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TApp } from '../app.js';
import type { Db } from '../db/client.js';
import { outboxMessages } from '../db/schema/index.js';
import { TestClient } from './app.js';

export type TInvitee = {
  full_name: string;
  email: string;
  phone_number: string;
  role?: 'admin' | 'user';
  api_access_enabled?: boolean;
};

/** The token of the newest invitation link emailed to `email` (undefined when none has a link). */
export async function invitationTokenFor(db: Db, email: string): Promise<string | undefined> {
  const [latest] = await db
    .select({ body: outboxMessages.body })
    .from(outboxMessages)
    .where(eq(outboxMessages.to, email.trim().toLowerCase()))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  return /accept-invitation\?token=([\w-]+)/.exec(latest?.body ?? '')?.[1];
}

/**
 * The admin adds the person (POST /admin/api/users), the person accepts with `password`: answers
 * the new user's id and a client signed in as them.
 */
export async function inviteAndAccept(
  app: TApp,
  db: Db,
  admin: TestClient,
  invitee: TInvitee,
  password = 'longenough',
) {
  const invited = await admin.post('/admin/api/users', invitee);
  expect(invited.statusCode, invited.body).toBe(201);
  const token = await invitationTokenFor(db, invitee.email);
  expect(token, `no invitation link emailed to ${invitee.email}`).toBeDefined();
  const client = new TestClient(app);
  await client.get('/auth/session');
  const accepted = await client.post('/auth/invitations/accept', {
    token,
    password,
    full_name: invitee.full_name,
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { id: accepted.json().id as string, invitationId: invited.json().id as string, client };
}
