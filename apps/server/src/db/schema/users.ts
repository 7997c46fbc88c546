// Station staff accounts and their browser sessions.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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
    /** The sign-in before the latest one; null until a second sign-in (the dashboard's 'Welcome back'). */
    previousLoginAt: timestamp('previous_login_at', { withTimezone: true }),
    /** TOTP secret, encrypted with a key derived from SESSION_SECRET; set while enrolling too. */
    totpSecret: text('totp_secret'),
    /** The second factor is on once the user confirmed a first code. */
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpLastStep: integer('totp_last_step'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** The UI language the user last chose (en or es): emails to them are written in it. */
    language: text('language').notNull().default('en'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_station_idx').on(t.stationId),
    check('users_role', sql`${t.role} in ('admin', 'user')`),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_language', sql`${t.language} in ('en', 'es')`),
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
    /** Last request seen on this session (updated at most once a minute), for the Sessions list. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
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

/**
 * Sign-in after the password, before the second factor: a short-lived token that only lets the
 * browser submit a TOTP or recovery code. Only the SHA-256 of the token is kept.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('login_challenges_token_hash_key').on(t.tokenHash)],
);

/** One-time recovery codes for a user's second factor; only their SHA-256 is kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * Every admin and superadmin action: who, what, when, from where, and for settings the values
 * before and after. Append-only (a trigger refuses updates and deletes, see migration 0011).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The station acted on; null for service-wide actions (a superadmin's own). */
    stationId: uuid('station_id').references(() => stations.id, { onDelete: 'cascade' }),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as written then: the row still says who after the user is deleted. */
    actorEmail: text('actor_email'),
    actorIsSuperadmin: boolean('actor_is_superadmin').notNull().default(false),
    /** A dotted code ("user.created", "settings.updated", "message.sms_sent"); the client words it. */
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    /** Parameters of the action; for settings { before, after } of the changed fields only. */
    details: jsonb('details').notNull().default({}),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_station_created_idx').on(t.stationId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorUserId, t.createdAt),
  ],
);

/**
 * Counters every node shares (rate limits, sign-in failures, verification-text caps): one row
 * per key and window. `blockedUntil` holds an increasing delay after repeated failures.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull().default(0),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowEndsAt)],
);

/**
 * An admin's invitation to join the station (decision 0025): the account is created only when the
 * invitee accepts, so Add User answers the same whether or not the address has an account of
 * another station. Only the SHA-256 of the emailed token is kept. At most one live invitation per
 * station and address (neither accepted nor revoked; an expired one is revoked when replaced).
 */
export const userInvitations = pgTable(
  'user_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    /** Lowercased and trimmed, like users.email. */
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    phoneNumber: text('phone_number'),
    role: text('role', { enum: ['admin', 'user'] })
      .notNull()
      .default('user'),
    /** Whether the user may pair the desktop app, as the admin chose. */
    apiAccessEnabled: boolean('api_access_enabled').notNull().default(false),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_invitations_token_hash_key').on(t.tokenHash),
    uniqueIndex('user_invitations_one_live')
      .on(t.stationId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    index('user_invitations_station_idx').on(t.stationId, t.createdAt),
    check('user_invitations_role', sql`${t.role} in ('admin', 'user')`),
    check('user_invitations_email_lowercase', sql`${t.email} = lower(${t.email})`),
  ],
);
