// Six-digit SMS codes shared by signup, subscriber join and password reset: secure random,
// stored as an HMAC, 10 minutes, 5 tries, a resend cooldown, and limits per phone and per IP.
import { randomInt } from 'node:crypto';
import { LIMITS, smsText } from '@message-station/shared';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { hmac, safeEqual } from '../../platform/tokens.js';
import { SmsSendError, type TSmsMessage, type TSmsProvider } from '../../providers/sms/index.js';
import type { TServiceContext } from '../../service-context.js';
import * as repo from './repo.js';

export type TCodePurpose = repo.TCodePurpose;

export const CODE_POLICY = {
  ttlMs: LIMITS.verificationCodeMinutes * 60_000,
  maxAttempts: 5,
  resendCooldownMs: 30_000,
  perPhonePerHour: 5,
  perIpPerHour: 20,
} as const;

const HOUR_MS = 3_600_000;

/**
 * What issuing and checking a code use. `db` may be a transaction (a subscriber's code is issued
 * inside the join's transaction); `ip` is absent when a caller has none (it only feeds the limit
 * per address). The HMAC key is `config.sessionSecret`.
 */
export type TCodeContext = Pick<TServiceContext, 'now' | 'config'> &
  Partial<Pick<TServiceContext, 'ip'>> & { db: DbOrTx };

type TSubject = { purpose: TCodePurpose; subjectId: string };

function hashCode(secret: string, subject: TSubject, code: string) {
  return hmac(secret, `${subject.purpose}:${subject.subjectId}:${code}`);
}

/** Refuses before anything is written when this phone or IP has had too many codes. */
export async function assertCanSendCode(ctx: TCodeContext, phone: string) {
  const since = new Date(ctx.now.getTime() - HOUR_MS);
  if ((await repo.countCodesSince(ctx.db, { phone }, since)) >= CODE_POLICY.perPhonePerHour) {
    throw new AppError('code_sent_too_often_number');
  }
  if (ctx.ip && (await repo.countCodesSince(ctx.db, { ip: ctx.ip }, since)) >= CODE_POLICY.perIpPerHour) {
    throw new AppError('code_sent_too_often_ip');
  }
}

/** Issues a new code for the subject (the previous one stops working) and returns it for sending. */
export async function issueCode(ctx: TCodeContext, subject: TSubject & { phone: string }) {
  const latest = await repo.findLatestCode(ctx.db, subject.purpose, subject.subjectId);
  if (latest) {
    const waitMs = latest.createdAt.getTime() + CODE_POLICY.resendCooldownMs - ctx.now.getTime();
    if (waitMs > 0) {
      throw new AppError('code_cooldown', { seconds: Math.ceil(waitMs / 1000) });
    }
  }
  await assertCanSendCode(ctx, subject.phone);
  await repo.voidOpenCodes(ctx.db, subject.purpose, subject.subjectId, ctx.now);
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const row = await repo.insertCode(ctx.db, {
    purpose: subject.purpose,
    subjectId: subject.subjectId,
    phone: subject.phone,
    codeHash: hashCode(ctx.config.sessionSecret, subject, code),
    maxAttempts: CODE_POLICY.maxAttempts,
    createdAt: ctx.now,
    expiresAt: new Date(ctx.now.getTime() + CODE_POLICY.ttlMs),
    ip: ctx.ip ?? null,
  });
  return {
    code,
    codeId: row.id,
    expiresAt: row.expiresAt,
    resendAvailableAt: new Date(ctx.now.getTime() + CODE_POLICY.resendCooldownMs),
  };
}

/**
 * Checks a code; every try counts (even when the caller's transaction later fails). Returns the
 * code's id for consumeCode, or throws the error to show.
 */
export async function checkCode(ctx: TCodeContext, subject: TSubject, code: string): Promise<string> {
  const latest = await repo.findLatestCode(ctx.db, subject.purpose, subject.subjectId);
  if (!latest) throw new AppError('code_none_pending');
  if (latest.voidedAt) throw new AppError('code_too_many_wrong');
  if (latest.expiresAt <= ctx.now) throw new AppError('code_expired');
  const attempt = await repo.recordAttempt(ctx.db, latest.id);
  if (!attempt) throw new AppError('code_too_many_wrong');
  if (safeEqual(latest.codeHash, hashCode(ctx.config.sessionSecret, subject, code))) return latest.id;
  const left = attempt.maxAttempts - attempt.attempts;
  if (left <= 0) {
    await repo.voidCode(ctx.db, latest.id, ctx.now);
    throw new AppError('code_too_many_wrong');
  }
  throw new AppError('verification_code_invalid', { attempts_left: left });
}

/** Uses the code up inside the caller's transaction; false if a concurrent request already did. */
export function consumeCode(db: DbOrTx, codeId: string, now: Date) {
  return repo.consumeCode(db, codeId, now);
}

export function deleteCodes(db: DbOrTx, subject: TSubject) {
  return repo.deleteCodesOf(db, subject.purpose, subject.subjectId);
}

/** Removes codes past every use (expiry and the hourly limits): a day is generous. */
export function purgeOldCodes(db: DbOrTx, now: Date) {
  return repo.deleteCodesBefore(db, new Date(now.getTime() - 24 * HOUR_MS));
}

/** Which code text: a station signup's, a password reset's, or a subscriber's for a station. */
export type TCodeText =
  | { kind: 'code_signup' }
  | { kind: 'code_password_reset' }
  | { kind: 'code_join'; station: string };

/**
 * The SMS text carrying a code, from the catalogue in the reader's language; the last line lets
 * browsers offer it for autofill (WebOTP).
 */
export function codeMessage(
  code: string,
  publicUrl: string,
  text: TCodeText = { kind: 'code_signup' },
  language = 'en',
) {
  return smsText(text.kind, language, {
    ...text,
    code,
    minutes: LIMITS.verificationCodeMinutes,
    host: new URL(publicUrl).hostname,
  });
}

/**
 * Sends a text the person is waiting for, turning a failure into words for them: a number the
 * provider refuses (400) or a provider that is down for now (503).
 */
export async function sendTextOrExplain(
  sms: TSmsProvider,
  message: TSmsMessage,
  unavailable: 'sms_code_unavailable' | 'sms_confirmation_unavailable' = 'sms_code_unavailable',
) {
  try {
    await sms.send(message);
  } catch (error) {
    if (error instanceof SmsSendError && error.kind === 'permanent') {
      throw new AppError('sms_number_unreachable');
    }
    throw new AppError(unavailable);
  }
}

/** The reply fields of every call that texts a code; the code itself only in test mode. */
export function codeDeliveryReply(testMode: boolean, issued: Awaited<ReturnType<typeof issueCode>>) {
  return {
    code_expires_at: issued.expiresAt.toISOString(),
    resend_available_at: issued.resendAvailableAt.toISOString(),
    ...(testMode ? { test_code: issued.code } : {}),
  };
}
