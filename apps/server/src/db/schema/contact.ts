// Contact-form requests and the bot-check solutions already used (no replays).
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stations } from './stations.js';
import { users } from './users.js';

export const contactRequests = pgTable(
  'contact_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    category: text('category').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** Set when a signed-in user wrote from /admin/contact. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    stationId: uuid('station_id').references(() => stations.id, { onDelete: 'set null' }),
    ip: text('ip'),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contact_requests_created_idx').on(t.createdAt),
    check(
      'contact_requests_category',
      sql`${t.category} in ('product', 'account', 'station', 'billing', 'security', 'other')`,
    ),
  ],
);

/** A solved bot-check challenge can be used once; rows expire with the challenge. */
export const botCheckUses = pgTable('bot_check_uses', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
