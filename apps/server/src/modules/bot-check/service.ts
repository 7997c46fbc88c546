// The bot check of public forms: ALTCHA by default, a proof of work our own
// server issues and verifies (no third party, no tracking); Cloudflare Turnstile when its keys
// are configured. A solution is accepted once (replays refused) and only before it expires.
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import { AppError } from '../../platform/errors.js';
import type { TServiceContext } from '../../service-context.js';
import { claimSolution } from './repo.js';

export const CAPTCHA_REQUIRED = 'Please complete the CAPTCHA verification';
const CHALLENGE_TTL_MS = 10 * 60_000;

export function botCheckInfo(ctx: Pick<TServiceContext, 'config'>) {
  const check = ctx.config.botCheck;
  return check.provider === 'altcha'
    ? { provider: 'altcha' as const, challenge_url: '/api/altcha/challenge', site_key: null }
    : { provider: 'turnstile' as const, challenge_url: null, site_key: check.siteKey };
}

export async function altchaChallenge(ctx: Pick<TServiceContext, 'config' | 'now'>) {
  const check = ctx.config.botCheck;
  if (check.provider !== 'altcha') throw new AppError('altcha_not_in_use');
  return createChallenge({
    hmacKey: check.hmacKey,
    maxnumber: check.maxNumber,
    expires: new Date(ctx.now.getTime() + CHALLENGE_TTL_MS),
  });
}

type TVerifyContext = Pick<TServiceContext, 'db' | 'now' | 'config' | 'ip'>;

async function verifyAltcha(ctx: TVerifyContext, check: { hmacKey: string }, token: string) {
  let valid = false;
  let signature = '';
  let expires = 0;
  try {
    // Expiry is checked against the app's clock (`ctx.now`), the one the challenge was issued by.
    valid = await verifySolution(token, check.hmacKey, false);
    signature =
      (JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as { signature?: string }).signature ?? '';
    expires = Number(extractParams(token).expires ?? 0) * 1000;
  } catch {
    valid = false;
  }
  if (!valid || !signature || !(expires > ctx.now.getTime())) throw new AppError('captcha_required');
  if (!(await claimSolution(ctx.db, signature, new Date(expires), ctx.now))) {
    throw new AppError('captcha_required');
  }
}

async function verifyTurnstile(
  ctx: TVerifyContext,
  check: { secretKey: string; verifyUrl: string },
  token: string,
) {
  const form = new URLSearchParams({ secret: check.secretKey, response: token });
  if (ctx.ip) form.set('remoteip', ctx.ip);
  const response = await fetch(check.verifyUrl, {
    method: 'POST',
    body: form,
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  const result = (await response?.json().catch(() => null)) as { success?: boolean } | null;
  if (!result?.success) throw new AppError('captcha_required');
}

/** Throws 'Please complete the CAPTCHA verification' unless `token` is a fresh, unused solution. */
export async function verifyBotCheck(ctx: TVerifyContext, token: string | undefined) {
  if (!token) throw new AppError('captcha_required');
  const check = ctx.config.botCheck;
  if (check.provider === 'altcha') return verifyAltcha(ctx, check, token);
  return verifyTurnstile(ctx, check, token);
}
