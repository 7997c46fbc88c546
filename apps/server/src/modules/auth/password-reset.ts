// Password reset: a single-use link (token stored hashed, valid 1 hour) emailed
// to the user, then a code texted to the account's phone, then the new password; every session
// of the user ends. The public form passes the bot check and answers the same whether or not the
// account exists; the admin Users page sends links for its own station's users.
import {
  ADMIN_RESET_CAPTCHA_TOKEN,
  actsAsStationAdmin,
  emailLanguage,
  LIMITS,
  RESET_EMAIL,
  type TEmailLanguage,
} from '@message-station/shared';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../platform/errors.js';
import { hashPassword } from '../../platform/passwords.js';
import { randomToken, sha256 } from '../../platform/tokens.js';
import { linkEmail } from '../../providers/email/html.js';
import type { TServiceContext } from '../../service-context.js';
import { verifyBotCheck } from '../bot-check/service.js';
import type { TSignInLimits } from '../rate-limits/index.js';
import { resetPassword } from '../users/credentials-service.js';
import { findUserByEmail, findUserById } from '../users/service.js';
import * as codes from '../verification/service.js';
import * as repo from './password-reset-repo.js';

export const RESET_SENT_BY_ADMIN = 'Password reset email sent successfully!';
const LINKS_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

/**
 * Asking for a link: bot check (`config.botCheck`), the link to `config.publicUrl` by `email`.
 * `auth` is there when an admin sends it from the Users page; the public form has none.
 */
type TLinkContext = Pick<TServiceContext, 'db' | 'now' | 'ip' | 'config' | 'email'> &
  Partial<Pick<TServiceContext, 'auth'>>;

/** The reset email as plain text and HTML, in the interface language the person uses (en or es). */
export function resetEmail(input: {
  fullName: string;
  link: string;
  byAdmin: boolean;
  language?: TEmailLanguage;
}) {
  const words = RESET_EMAIL[input.language ?? 'en'];
  return linkEmail({
    subject: words.subject,
    hello: words.hello(input.fullName),
    intro: input.byAdmin ? words.byAdmin : words.bySelf,
    button: words.button,
    orOpen: words.orOpen,
    link: input.link,
    notes: [words.expiry, words.ignore],
  });
}

async function sendResetLink(
  ctx: TLinkContext,
  user: { id: string; email: string; fullName: string; stationId: string },
  requestedBy: string | null,
  language: TEmailLanguage = 'en',
) {
  const since = new Date(ctx.now.getTime() - HOUR_MS);
  if ((await repo.countLinksSince(ctx.db, user.id, since)) >= LINKS_PER_HOUR) {
    throw new AppError('reset_too_many_emails');
  }
  const token = randomToken();
  await repo.insertResetLink(ctx.db, {
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: new Date(ctx.now.getTime() + LIMITS.resetLinkHours * HOUR_MS),
    requestedBy,
    ip: ctx.ip,
    createdAt: ctx.now,
  });
  const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await ctx.email.send({
    to: user.email,
    stationId: user.stationId,
    ...resetEmail({ fullName: user.fullName, link, byAdmin: requestedBy !== null, language }),
  });
}

export const RESET_REQUESTED =
  "If an account exists with that email, we've sent password reset instructions.";

export async function requestPasswordReset(
  ctx: TLinkContext,
  input: { email: string; turnstileToken?: string; language?: TEmailLanguage },
) {
  if (input.turnstileToken !== ADMIN_RESET_CAPTCHA_TOKEN) {
    await verifyBotCheck(ctx, input.turnstileToken);
    const user = await findUserByEmail(ctx.db, input.email);
    // The same answer either way; a limit reached is not told either (it would reveal the account).
    // The person asked on the page: in the language they read it in, else the one they last used.
    if (user)
      await sendResetLink(ctx, user, null, input.language ?? emailLanguage(user.language)).catch(
        (error: unknown) => {
          if (!(error instanceof AppError && error.statusCode === 429)) throw error;
        },
      );
    return { message: RESET_REQUESTED };
  }
  // The Users page's fixed token proves nothing by itself: only an admin of the user's station.
  const requester = ctx.auth;
  if (!requester || !actsAsStationAdmin(requester)) {
    throw new AppError('reset_admin_only');
  }
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user || user.stationId !== requester.stationId) throw notFound('user_not_found');
  // Sent by an admin: in the recipient's language, not the admin's.
  await sendResetLink(ctx, user, requester.userId, emailLanguage(user.language));
  return { message: RESET_SENT_BY_ADMIN };
}

export const INVALID_TOKEN = 'Invalid or expired token';

/** The link's token row and its user, if the link is still good. */
async function openToken(db: Db, token: string, now: Date) {
  const row = await repo.findOpenLink(db, sha256(token), now);
  const user = row ? await findUserById(db, row.userId) : null;
  if (!row || !user) throw new AppError('reset_token_invalid');
  return { row, user };
}

/** Step two: the link checks out, so a code goes to the account's phone. */
export async function verifyResetToken(
  ctx: Pick<TServiceContext, 'db' | 'now' | 'ip' | 'config' | 'sms' | 'limits'>,
  token: string,
) {
  const { row, user } = await openToken(ctx.db, token, ctx.now);
  if (!user.phoneNumber) {
    throw new AppError('reset_no_phone');
  }
  const phone = user.phoneNumber;
  // Caps on verification texts shared by every node (decision 0019).
  const issued = await ctx.limits.codeTexts.sending({ phone, stationId: user.stationId }, async () => {
    const issued = await codes.issueCode(ctx, { purpose: 'password_reset', subjectId: row.id, phone });
    await codes.sendTextOrExplain(ctx.sms, {
      to: phone,
      body: codes.codeMessage(
        issued.code,
        ctx.config.publicUrl,
        { kind: 'code_password_reset' },
        user.language,
      ),
      stationId: user.stationId,
    });
    return issued;
  });
  return {
    phone_last4: user.phoneNumber.slice(-4),
    ...codes.codeDeliveryReply(ctx.config.sms.testMode, issued),
  };
}

/**
 * Step three: the code and the new password; the link is used up, every session ends, and the
 * account's failed sign-ins are forgotten (`signIns`, decision 0054), so a guesser's lock does not
 * outlive the owner's reset. Returns the account's email for its known-device note.
 */
export async function completePasswordReset(
  ctx: Pick<TServiceContext, 'db' | 'now' | 'ip' | 'config'> & {
    signIns: Pick<TSignInLimits, 'forgetAccount'>;
  },
  input: { token: string; verificationCode: string; newPassword: string },
) {
  const { row, user } = await openToken(ctx.db, input.token, ctx.now);
  const codeId = await codes.checkCode(
    ctx,
    { purpose: 'password_reset', subjectId: row.id },
    input.verificationCode,
  );
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    const used = await repo.useLink(tx, row.id, ctx.now);
    if (!used || !(await codes.consumeCode(tx, codeId, ctx.now))) throw new AppError('reset_token_invalid');
    await resetPassword(tx, user.id, passwordHash, ctx.now);
    // Any other link sent for this account stops working too.
    await repo.endSessionsAndLinks(tx, user.id, ctx.now);
  });
  await ctx.signIns.forgetAccount(user.email);
  return {
    message: 'Your password has been reset. You can now sign in with your new password.',
    email: user.email,
  };
}
