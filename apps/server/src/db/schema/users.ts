// Station staff accounts and their browser sessions.
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { stations } from './stations.js';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    /** Stored lowercased and trimmed; unique across the service because login is by email alone. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull(),
    /** E.164, US only. */
    phoneNumber: text('phone_number'),
    role: text('role', { enum: ['admin', 'user'] })
      .notNull()
      .default('user'),
    isSuperadmin: boolean('is_superadmin').notNull().default(false),
    /** The admin lets this user sign the desktop app in with an API key. */
    apiAccessEnabled: boolean('api_access_enabled').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_station_idx').on(t.stationId),
    check('users_role', sql`${t.role} in ('admin', 'user')`),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the random 256-bit token held in the session cookie; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Station a superadmin is viewing as admin. */
    viewingStationId: uuid('viewing_station_id').references(() => stations.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A user's API key (desktop agent, public API). Only the SHA-256 of the key is kept: the key is
 * 256 random bits, so a fast hash is enough and lookups stay one index probe. One live key per
 * user; a regenerated or revoked key keeps its row with revoked_at set.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    /** The visible start of the key ("ms-3fa9c02b"), so people can tell keys apart. */
    keyPrefix: text('key_prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_key').on(t.keyHash),
    uniqueIndex('api_keys_one_live_per_user').on(t.userId).where(sql`${t.revokedAt} is null`),
    index('api_keys_station_idx').on(t.stationId),
  ],
);

/** Single-use password reset links (1 hour); only the SHA-256 of the token is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Set when a station admin sent the link from the Users page. */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/** Every time a superadmin starts or stops viewing a station. */
export const superadminAudit = pgTable(
  'superadmin_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['switch_station', 'exit_station'] }).notNull(),
    stationId: uuid('station_id').references(() => stations.id, { onDelete: 'set null' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('superadmin_audit_user_idx').on(t.userId, t.createdAt),
    check('superadmin_audit_action', sql`${t.action} in ('switch_station', 'exit_station')`),
  ],
);
