// Station API keys for the public API v1: scoped, each with its own rate limit, stored
// as SHA-256 only. Separate from api_keys (one per user, the desktop app's).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stations } from './stations.js';
import { users } from './users.js';

export const stationApiKeys = pgTable(
  'station_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    /** The visible start of the key ("mssk-3fa9c02b"), so people can tell keys apart. */
    keyPrefix: text('key_prefix').notNull(),
    /** A subset of STATION_KEY_SCOPES (packages/shared station-keys.ts). */
    scopes: text('scopes').array().notNull(),
    rateLimitPerMinute: integer('rate_limit_per_minute').notNull().default(60),
    /**
     * The admin who created it; the key acts as them (messages it writes, sends it makes). Keys go
     * with that account.
     */
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per key, not on every request. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('station_api_keys_key_hash_key').on(t.keyHash),
    index('station_api_keys_station_idx').on(t.stationId, t.createdAt),
    check('station_api_keys_rate_limit', sql`${t.rateLimitPerMinute} between 1 and 1000`),
  ],
);
