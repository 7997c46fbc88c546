// Password reset links: a single-use token (stored hashed, valid 1 hour) emailed to the user.
// The admin Users page sends one on a user's behalf; the public form's bot check comes with the
// public site (issue 8), so until then only the admin path is open.
import { ADMIN_RESET_CAPTCHA_TOKEN, LIMITS } from '@message-station/shared';
import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passwordResetTokens } from '../../db/schema/index.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { TAuth } from '../../platform/session.js';
import { randomToken, sha256 } from '../../platform/tokens.js';
import type { TEmailProvider } from '../../providers/email/index.js';
import { findUserByEmail } from '../users/service.js';

export const RESET_SENT_BY_ADMIN = 'Password reset email sent successfully!';
export const CAPTCHA_REQUIRED = 'Please complete the CAPTCHA verification';
const LINKS_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

type TResetContext = { db: Db; email: TEmailProvider; publicUrl: string; now: Date; ip: string };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function resetEmail(input: { fullName: string; link: string; byAdmin: boolean }) {
  const intro = input.byAdmin
    ? 'Your station administrator asked us to send you a link to set a new Message Station password.'
    : 'We received a request to reset your Message Station password.';
  const lines = [
    `Hello ${input.fullName},`,
    '',
    intro,
    '',
    `Set a new password: ${input.link}`,
    '',
    `The link works once and expires in ${LIMITS.resetLinkHours} hour. Before you choose the new password we text a 6-digit code to the phone number on your account.`,
    '',
    'If you did not expect this email, you can ignore it: your password stays as it is.',
    '',
    'Message Station',
  ];
  const html = `<p>Hello ${escapeHtml(input.fullName)},</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 18px;background:#228be6;color:#fff;border-radius:6px;text-decoration:none">Set a new password</a></p>
<p>Or open this address: ${escapeHtml(input.link)}</p>
<p>The link works once and expires in ${LIMITS.resetLinkHours} hour. Before you choose the new password we text a 6-digit code to the phone number on your account.</p>
<p>If you did not expect this email, you can ignore it: your password stays as it is.</p>
<p>Message Station</p>`;
  return { subject: 'Reset your Message Station password', text: lines.join('\n'), html };
}

async function sendResetLink(
  ctx: TResetContext,
  user: { id: string; email: string; fullName: string; stationId: string },
  requestedBy: string | null,
) {
  const since = new Date(ctx.now.getTime() - HOUR_MS);
  const [recent] = await ctx.db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, user.id), gt(passwordResetTokens.createdAt, since)));
  if (Number(recent?.n ?? 0) >= LINKS_PER_HOUR) {
    throw new AppError(429, 'Too many password reset emails for this account. Please try again in an hour.');
  }
  const token = randomToken();
  await ctx.db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: new Date(ctx.now.getTime() + LIMITS.resetLinkHours * HOUR_MS),
    requestedBy,
    ip: ctx.ip,
    createdAt: ctx.now,
  });
  const link = `${ctx.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await ctx.email.send({
    to: user.email,
    stationId: user.stationId,
    ...resetEmail({ fullName: user.fullName, link, byAdmin: requestedBy !== null }),
  });
}

export async function requestPasswordReset(
  ctx: TResetContext,
  input: { email: string; turnstileToken?: string },
  requester: TAuth | null,
) {
  if (input.turnstileToken !== ADMIN_RESET_CAPTCHA_TOKEN) throw new AppError(400, CAPTCHA_REQUIRED);
  // The Users page's fixed token proves nothing by itself: only an admin of the user's station.
  if (!requester || (requester.role !== 'admin' && !requester.viewingStationId)) {
    throw new AppError(403, 'Only a station admin can send a password reset from the Users page.');
  }
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user || user.stationId !== requester.stationId) throw notFound('User not found');
  await sendResetLink(ctx, user, requester.userId);
  return { message: RESET_SENT_BY_ADMIN };
}
