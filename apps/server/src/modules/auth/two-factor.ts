// The second factor (decision 0020): TOTP secrets sealed with AES-256-GCM under a key derived
// from SESSION_SECRET, codes accepted once (users.totp_last_step), one-time recovery codes kept as
// SHA-256, and the short code step of a sign-in (login_challenges).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { TWO_FACTOR } from '@message-station/shared';
import { Secret, TOTP } from 'otpauth';
import type { DbOrTx } from '../../db/client.js';
import { randomToken, sha256 } from '../../platform/tokens.js';
import type { TServiceContext } from '../../service-context.js';
import { acceptTotpStep } from '../users/credentials-service.js';
import * as repo from './two-factor-repo.js';

const PERIOD_SECONDS = 30;
const SEALED_PREFIX = 'v1';

function sealingKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'message-station', 'totp-secret-v1', 32));
}

/** Encrypts a base32 TOTP secret for users.totp_secret. */
export function sealSecret(sessionSecret: string, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(sessionSecret), iv);
  const sealed = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return [SEALED_PREFIX, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function openSecret(sessionSecret: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== SEALED_PREFIX || !iv || !tag || !body) throw new Error('unreadable TOTP secret');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(sessionSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(base32: string, label = '') {
  return new TOTP({
    issuer: TWO_FACTOR.issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });
}

export function otpauthUri(base32: string, email: string): string {
  return totpOf(base32, email).toString();
}

/** The time step a code belongs to (this one, the one before or after), or null. */
function matchingStep(base32: string, code: string, now: Date): number | null {
  const delta = totpOf(base32).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/**
 * Accepts a TOTP code once: the step is recorded only if it is newer than the last one accepted,
 * in one conditional update, so the same code (or an older one) is refused even by another node.
 */
export async function acceptTotp(
  db: DbOrTx,
  input: { userId: string; base32: string; code: string; now: Date },
): Promise<boolean> {
  const step = matchingStep(input.base32, input.code, input.now);
  if (step === null) return false;
  return acceptTotpStep(db, input.userId, step);
}

const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function newRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** Replaces the user's recovery codes with ten new ones; the codes are answered once. */
export async function replaceRecoveryCodes(db: DbOrTx, userId: string, now: Date): Promise<string[]> {
  const codes = Array.from({ length: TWO_FACTOR.recoveryCodeCount }, newRecoveryCode);
  await repo.deleteRecoveryCodes(db, userId);
  await repo.insertRecoveryCodes(
    db,
    userId,
    codes.map((code) => sha256(normalizeRecoveryCode(code))),
    now,
  );
  return codes;
}

/** Uses a recovery code: true once per code. */
export async function useRecoveryCode(
  db: DbOrTx,
  input: { userId: string; code: string; now: Date },
): Promise<boolean> {
  return repo.markRecoveryCodeUsed(db, {
    userId: input.userId,
    codeHash: sha256(normalizeRecoveryCode(input.code)),
    at: input.now,
  });
}

/**
 * Checks a second factor of a user who has it on: a 6-digit TOTP code, or else a recovery code.
 */
export async function checkSecondFactor(
  ctx: Pick<TServiceContext, 'db' | 'now' | 'config'>,
  input: { user: { id: string; totpSecret: string | null }; code: string },
): Promise<boolean> {
  const code = input.code.trim();
  if (/^\d{6}$/.test(code)) {
    if (!input.user.totpSecret) return false;
    const base32 = openSecret(ctx.config.sessionSecret, input.user.totpSecret);
    return acceptTotp(ctx.db, { userId: input.user.id, base32, code, now: ctx.now });
  }
  return useRecoveryCode(ctx.db, { userId: input.user.id, code, now: ctx.now });
}

/** Opens the code step of a sign-in; the token goes into an httpOnly cookie. */
export async function openLoginChallenge(db: DbOrTx, userId: string, now: Date): Promise<string> {
  const token = randomToken();
  // Challenges are kept an hour (they work for five minutes): their attempts count towards the
  // account's codes per hour. Older ones of anyone are dropped on the way.
  await repo.deleteLoginChallengesBefore(db, hourBefore(now));
  await repo.insertLoginChallenge(db, {
    tokenHash: sha256(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TWO_FACTOR.challengeMinutes * 60_000),
  });
  return token;
}

const hourBefore = (now: Date) => new Date(now.getTime() - 3_600_000);

/**
 * Spends one attempt of an open, unexpired challenge, atomically (parallel guesses cannot exceed
 * the limits): five per challenge, and TWO_FACTOR.codesPerHour over all the account's challenges.
 */
export async function spendChallengeAttempt(
  db: DbOrTx,
  token: string,
  now: Date,
): Promise<{ userId: string } | { refused: 'expired' | 'too_many' }> {
  const tokenHash = sha256(token);
  const limits = { now, attemptsPerChallenge: TWO_FACTOR.challengeAttempts };
  const row = await repo.countChallengeAttempt(db, tokenHash, {
    ...limits,
    codesPerHour: TWO_FACTOR.codesPerHour,
    since: hourBefore(now),
  });
  if (row) return row;
  // Not counted: an open challenge hit the hourly limit; any other is expired or out of attempts.
  return { refused: (await repo.isChallengeOpen(db, tokenHash, limits)) ? 'too_many' : 'expired' };
}

export async function closeLoginChallenge(db: DbOrTx, token: string): Promise<void> {
  await repo.deleteLoginChallenge(db, sha256(token));
}
