// Station users: accounts with hashed passwords, the admin's team management and API keys.
import { randomBytes } from 'node:crypto';
import {
  errorText,
  type TStationUser,
  type TUpdateUserRequest,
  type TUserRole,
} from '@message-station/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { pickView, type TAuditScope, type TAuditView } from '../../platform/audit-rule.js';
import { AppError, isUniqueViolation, notFound } from '../../platform/errors.js';
import { hashPassword } from '../../platform/passwords.js';
import { revokeUserSessions } from '../../platform/session.js';
import { sha256 } from '../../platform/tokens.js';
import type { TServiceContext } from '../../service-context.js';
import { findStationAccess } from '../station/service.js';
import * as repo from './repo.js';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function createUser(
  db: DbOrTx,
  input: {
    stationId: string;
    email: string;
    password: string;
    fullName: string;
    phoneNumber?: string | null;
    role: TUserRole;
    isSuperadmin?: boolean;
    apiAccessEnabled?: boolean;
  },
) {
  const { password, ...rest } = input;
  return createUserWithHash(db, { ...rest, passwordHash: await hashPassword(password) });
}

/** For a password hashed earlier (a signup draft keeps only the hash). */
export async function createUserWithHash(
  db: DbOrTx,
  input: {
    stationId: string;
    email: string;
    passwordHash: string;
    fullName: string;
    phoneNumber?: string | null;
    role: TUserRole;
    isSuperadmin?: boolean;
    apiAccessEnabled?: boolean;
    lastLoginAt?: Date;
    /** The interface language they use (emails to them are written in it); English if unknown. */
    language?: 'en' | 'es';
  },
) {
  return repo.insertUser(db, {
    ...input,
    email: normalizeEmail(input.email),
    phoneNumber: input.phoneNumber ?? null,
    // Admins can always pair the desktop app; others only when their admin allows it.
    apiAccessEnabled: input.apiAccessEnabled ?? input.role === 'admin',
  });
}

export const findUserByEmail = (db: DbOrTx, email: string) => repo.findUserByEmail(db, normalizeEmail(email));
/** The user, or null. */
export function findUserById(db: DbOrTx, userId: string) {
  return repo.findUserById(db, userId);
}

/** A sign-in: the one before it moves to the previous sign-in time. */
export function setLastLogin(db: DbOrTx, userId: string, at: Date) {
  return repo.setLastLogin(db, userId, at);
}

/** The language the user reads the admin and its emails in. */
export function setUserLanguage(db: DbOrTx, userId: string, language: 'en' | 'es') {
  return repo.setUserLanguage(db, userId, language);
}

/** Why a user cannot use an API key, or null when they can. */
function apiAccessReason(row: {
  apiAccessEnabled: boolean;
  paymentStatus: string;
}): 'api_access_off' | 'api_access_needs_plan' | null {
  if (!row.apiAccessEnabled) return 'api_access_off';
  if (row.paymentStatus !== 'paid' && row.paymentStatus !== 'trial') return 'api_access_needs_plan';
  return null;
}

type TStationUserWithPlan = repo.TStationUserRow & { paymentStatus: string };

/**
 * The station's plan state beside each of its users (API access depends on it), read through the
 * station module, which owns it. Users go with their station (ON DELETE CASCADE), so a station that
 * is not found has none.
 */
async function withPaymentStatus(
  db: DbOrTx,
  stationId: string,
  rows: repo.TStationUserRow[],
): Promise<TStationUserWithPlan[]> {
  if (rows.length === 0) return [];
  const station = await findStationAccess(db, stationId);
  return station ? rows.map((row) => ({ ...row, paymentStatus: station.paymentStatus })) : [];
}

async function findStationUserWithPlan(db: DbOrTx, stationId: string, userId: string) {
  const row = await repo.findStationUser(db, stationId, userId);
  const [withPlan] = await withPaymentStatus(db, stationId, row ? [row] : []);
  return withPlan ?? null;
}

function describeUser(row: TStationUserWithPlan): TStationUser {
  const reason = apiAccessReason(row);
  return {
    id: row.id,
    full_name: row.fullName,
    email: row.email,
    phone_number: row.phoneNumber,
    role: row.role,
    api_access_enabled: reason === null,
    api_access_reason: reason ? errorText(reason) : null,
    api_access_reason_code: reason,
    api_key: row.keyPrefix ? `${row.keyPrefix}…` : null,
    api_key_created_at: row.keyCreatedAt?.toISOString() ?? null,
    api_key_last_used_at: row.keyLastUsedAt?.toISOString() ?? null,
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listStationUsers(
  ctx: Pick<TServiceContext, 'db' | 'stationId'>,
): Promise<TStationUser[]> {
  const rows = await repo.listStationUsers(ctx.db, ctx.stationId);
  return (await withPaymentStatus(ctx.db, ctx.stationId, rows)).map(describeUser);
}

/** The user as the audit log keeps it (decision 0066): what admins can change. */
export function userAuditView(user: TStationUser): TAuditView {
  return pickView(user, ['full_name', 'email', 'phone_number', 'role', 'api_access_enabled']);
}

export async function getStationUser(
  ctx: { db: DbOrTx; stationId: string },
  userId: string,
): Promise<TStationUser> {
  const row = await findStationUserWithPlan(ctx.db, ctx.stationId, userId);
  if (!row) throw notFound('user_not_found');
  return describeUser(row);
}

function emailTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw new AppError('email_taken');
  throw error;
}

/** Admin accounts are changed only by support; a user of another station is not found. */
async function requireStandardUser(
  db: DbOrTx,
  stationId: string,
  userId: string,
  adminRefusal: 'admin_not_editable' | 'admin_not_deletable',
  audit?: TAuditScope,
) {
  const row = await repo.findStationUser(db, stationId, userId, { forUpdate: true });
  if (!row) throw notFound('user_not_found');
  if (audit) {
    const [withPlan] = await withPaymentStatus(db, stationId, [row]);
    audit.before(withPlan ? userAuditView(describeUser(withPlan)) : null);
  }
  if (row.role === 'admin') throw new AppError(adminRefusal);
  return row;
}

/** `input.id` is the user edited; `userId` in the context is the admin editing. */
export async function editStationUser(
  ctx: Pick<TServiceContext, 'db' | 'now' | 'stationId'>,
  input: TUpdateUserRequest & { id: string },
  audit?: TAuditScope,
) {
  const { stationId, now: at } = ctx;
  const userId = input.id;
  // One transaction under the user's lock: the audit's view before is the row this edit changes.
  const user = await ctx.db.transaction(async (db) => {
    const before = await requireStandardUser(db, stationId, userId, 'admin_not_editable', audit);
    await repo
      .updateStationUser(
        db,
        stationId,
        userId,
        {
          fullName: input.full_name.trim(),
          email: normalizeEmail(input.email),
          ...(input.phone_number !== undefined ? { phoneNumber: input.phone_number } : {}),
          ...(input.api_access_enabled !== undefined ? { apiAccessEnabled: input.api_access_enabled } : {}),
        },
        at,
      )
      .catch(emailTaken);
    // Turning API access off also cuts off the key the user had.
    if (input.api_access_enabled === false) await repo.revokeLiveApiKey(db, stationId, userId, at);
    // A new email is a new sign-in name: every session of the user ends (decision 0020).
    if (normalizeEmail(input.email) !== before.email) await revokeUserSessions(db, userId);
    return getStationUser({ db, stationId }, userId);
  });
  audit?.after(userAuditView(user));
  return user;
}

export async function deleteStationUser(
  ctx: Pick<TServiceContext, 'db' | 'stationId'>,
  userId: string,
  audit?: TAuditScope,
) {
  await ctx.db.transaction(async (tx) => {
    await requireStandardUser(tx, ctx.stationId, userId, 'admin_not_deletable', audit);
    if (!(await repo.deleteStandardUser(tx, ctx.stationId, userId))) throw notFound('user_not_found');
  });
  audit?.after(null);
}

// Hex after a hyphen: nothing a font can hide (underscores vanish in some inputs) or confuse.
const API_KEY_PREFIX = 'ms-';

/**
 * Creates the user's API key, replacing (revoking) any key they had. The key is answered once
 * and only its SHA-256 is stored.
 */
export async function issueApiKey(
  ctx: Pick<TServiceContext, 'db' | 'now' | 'stationId' | 'userId'>,
  forUserId: string,
): Promise<{ apiKey: string; user: TStationUser }> {
  const { db, stationId, userId: createdBy, now: at } = ctx;
  const row = await findStationUserWithPlan(db, stationId, forUserId);
  if (!row) throw notFound('user_not_found');
  const reason = apiAccessReason(row);
  if (reason) throw new AppError(reason);
  const apiKey = `${API_KEY_PREFIX}${randomBytes(32).toString('hex')}`;
  await db.transaction(async (tx) => {
    await repo.revokeLiveApiKey(tx, stationId, forUserId, at);
    await repo.insertApiKey(tx, {
      stationId,
      userId: forUserId,
      keyHash: sha256(apiKey),
      keyPrefix: apiKey.slice(0, API_KEY_PREFIX.length + 8),
      createdBy,
      createdAt: at,
    });
  });
  return { apiKey, user: await getStationUser(ctx, forUserId) };
}

export async function revokeApiKey(ctx: Pick<TServiceContext, 'db' | 'now' | 'stationId'>, userId: string) {
  const row = await repo.findStationUser(ctx.db, ctx.stationId, userId);
  if (!row) throw notFound('user_not_found');
  await repo.revokeLiveApiKey(ctx.db, ctx.stationId, userId, ctx.now);
  return getStationUser(ctx, userId);
}

export const INVALID_API_KEY = errorText('invalid_api_key');

/**
 * A live key with its station's slug, name and plan state, read through the station module. Keys
 * go with their station (ON DELETE CASCADE), so one whose station is not found is no key.
 */
async function withKeyStation(db: DbOrTx, row: repo.TLiveKeyRow | null) {
  if (!row) return null;
  const station = await findStationAccess(db, row.stationId);
  if (!station) return null;
  return {
    ...row,
    stationSlug: station.slug,
    stationName: station.displayName,
    paymentStatus: station.paymentStatus,
  };
}

/**
 * Why a key that was accepted earlier may no longer be used (revoked or replaced, user deleted,
 * access turned off, plan ended), or null while it is still good. Connected agents are checked
 * with it at every heartbeat.
 */
export async function apiKeyRefusal(
  db: Db,
  keyId: string,
): Promise<{ status: 401 | 403; error: string } | null> {
  const row = await withKeyStation(db, await repo.findLiveApiKeyById(db, keyId));
  if (!row) return { status: 401, error: errorText('api_key_revoked') };
  const reason = apiAccessReason(row);
  return reason ? { status: 403, error: errorText(reason) } : null;
}

/**
 * Who an API key belongs to, checked against the Station ID it came with. Refused: unknown,
 * revoked, another station's key, access turned off, or a station without a plan.
 */
export async function authenticateApiKey(db: Db, input: { stationSlug: string; apiKey: string; at: Date }) {
  if (!input.apiKey.startsWith(API_KEY_PREFIX)) throw new AppError('invalid_api_key');
  const row = await withKeyStation(db, await repo.findLiveApiKey(db, sha256(input.apiKey)));
  if (!row || row.stationSlug !== input.stationSlug.trim().toLowerCase()) {
    throw new AppError('invalid_api_key');
  }
  const reason = apiAccessReason(row);
  if (reason) throw new AppError(reason);
  await repo.touchApiKey(db, row.keyId, input.at);
  return row;
}

/** The station's admins, to email about the station's own events (a scheduled send that failed). */
export function listStationAdmins(db: DbOrTx, stationId: string) {
  return repo.listStationAdmins(db, stationId);
}

/** How many admins the station has (two-person approval needs two, decision 0077). */
export async function countStationAdmins(db: DbOrTx, stationId: string): Promise<number> {
  return (await repo.listStationAdmins(db, stationId)).length;
}
