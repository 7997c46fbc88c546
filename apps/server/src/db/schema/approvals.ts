// Two-person approval of a message (decision 0039): one row per message of a type the
// station holds for approval, saying whether an admin other than its writers approved this text.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { messages } from './messages.js';
import { stations } from './stations.js';
import { users } from './users.js';

export const messageApprovals = pgTable(
  'message_approvals',
  {
    messageId: uuid('message_id')
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    /** Counts the texts put up for a decision; a decision names the one it saw (stale → 409). */
    revision: integer('revision').notNull().default(1),
    /** sha256 of the title, text, language and type under decision: an edit elsewhere cannot ride on an approval. */
    contentDigest: text('content_digest').notNull(),
    /** Who wrote (or last edited) the text awaiting a decision: they may not decide it. */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The approver's note, or the reason of a rejection (required then). */
    comment: text('comment'),
  },
  (t) => [
    index('message_approvals_station_status_idx').on(t.stationId, t.status),
    check('message_approvals_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);
