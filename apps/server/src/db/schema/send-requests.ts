// A standard user's request that the station's admins send a message (decision 0077): at most one
// pending per message; any send of the message answers it (sent), or an admin declines it.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { messages } from './messages.js';
import { stations } from './stations.js';
import { users } from './users.js';

export const messageSendRequests = pgTable(
  'message_send_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    /** What the requester tells the admins (optional). */
    note: text('note'),
    status: text('status', { enum: ['pending', 'sent', 'declined'] })
      .notNull()
      .default('pending'),
    /** The admin whose send answered it, or who declined it. */
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Why it was declined, when the admin said; the requester reads it. */
    reason: text('reason'),
  },
  (t) => [
    // A second request while one waits is refused (send_request_pending); two at once, by this index.
    uniqueIndex('message_send_requests_one_pending').on(t.messageId).where(sql`${t.status} = 'pending'`),
    index('message_send_requests_station_status_idx').on(t.stationId, t.status, t.requestedAt),
    index('message_send_requests_message_idx').on(t.stationId, t.messageId),
    check('message_send_requests_status', sql`${t.status} in ('pending', 'sent', 'declined')`),
  ],
);
