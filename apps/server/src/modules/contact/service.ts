// Contact requests: stored, then emailed to the support address with the sender as Reply-To.
import { CONTACT_CATEGORY_LABELS, CONTACT_SENT, type ZContactRequest } from '@message-station/shared';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { escapeHtml } from '../../providers/email/html.js';
import type { TServiceContext } from '../../service-context.js';
import { verifyBotCheck } from '../bot-check/service.js';
import { findUserById } from '../users/service.js';
import { insertContactRequest, markContactRequestEmailed } from './repo.js';

/** `auth` when signed in (/admin/contact); the public form has none. */
export async function submitContact(
  ctx: Pick<TServiceContext, 'db' | 'now' | 'ip' | 'config' | 'email'> &
    Partial<Pick<TServiceContext, 'auth'>>,
  input: z.output<typeof ZContactRequest>,
) {
  // Signed in (/admin/contact): name and email are the account's, and no bot check is asked.
  const user = ctx.auth ? await findUserById(ctx.db, ctx.auth.userId) : null;
  if (!user) await verifyBotCheck(ctx, input.turnstileToken);
  const name = user?.fullName ?? input.name;
  const email = user?.email ?? input.email;
  if (!name) throw new AppError('contact_name_required');
  if (!email) throw new AppError('contact_email_required');
  const row = await insertContactRequest(ctx.db, {
    name,
    email,
    category: input.category,
    subject: input.subject,
    message: input.message,
    userId: user?.id ?? null,
    stationId: ctx.auth?.stationId ?? null,
    ip: ctx.ip,
    createdAt: ctx.now,
  });
  const category = CONTACT_CATEGORY_LABELS[input.category];
  const lines = [
    `From: ${name} <${email}>`,
    `Category: ${category}`,
    ...(user ? [`Signed in: yes (station ${ctx.auth?.stationId})`] : []),
    '',
    input.message,
  ];
  try {
    await ctx.email.send({
      to: ctx.config.supportEmail,
      replyTo: email,
      subject: `[Contact: ${category}] ${input.subject}`,
      text: lines.join('\n'),
      html: `<p>${lines.slice(0, -1).map(escapeHtml).join('<br>')}</p><p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`,
    });
    if (row) await markContactRequestEmailed(ctx.db, row.id, ctx.now);
  } catch {
    // Stored all the same: support reads the table when mail is down.
    throw new AppError('contact_email_failed');
  }
  return { message: CONTACT_SENT };
}
