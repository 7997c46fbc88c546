// The email to an account's owner when repeated failed sign-ins make it wait (decision 0019):
// sent once per lock, by the job runner, so the failed sign-in that locks never waits for SMTP.
import { emailLanguage, SIGN_IN_LOCKED_EMAIL, type TEmailLanguage } from '@message-station/shared';
import type { PgBoss } from 'pg-boss';
import type { Db } from '../../db/client.js';
import { declareQueue, type TQueueName } from '../../platform/job-registry.js';
import { escapeHtml } from '../../providers/email/html.js';
import type { TEmailProvider } from '../../providers/email/index.js';
import { findUserByEmail, findUserById } from '../users/service.js';

export const SIGN_IN_LOCKED_QUEUE = 'sign-in-locked-email' satisfies TQueueName;

export type TLockEmailLanguage = TEmailLanguage;

/** The lock email as plain text and HTML, in the account's language (users.language). */
export function signInLockedEmail(input: {
  fullName: string;
  email: string;
  resetLink: string;
  language?: TLockEmailLanguage;
}) {
  const words = SIGN_IN_LOCKED_EMAIL[input.language ?? 'en'];
  const text = [
    words.hello(input.fullName),
    '',
    words.what(input.email),
    '',
    words.ifYou,
    '',
    words.ifNot,
    `${words.button}: ${input.resetLink}`,
    '',
    words.footer,
  ].join('\n');
  const html = `<p>${escapeHtml(words.hello(input.fullName))}</p>
<p>${escapeHtml(words.what(input.email))}</p>
<p>${escapeHtml(words.ifYou)}</p>
<p>${escapeHtml(words.ifNot)}</p>
<p><a href="${escapeHtml(input.resetLink)}" style="display:inline-block;padding:10px 18px;background:#1c7ed6;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(words.button)}</a></p>
<p>${escapeHtml(words.footer)}</p>`;
  return { subject: words.subject, text, html };
}

/** The queue a node sends to (every role), before anything is queued. */
export async function declareLockEmailQueue(boss: PgBoss) {
  await declareQueue(boss, SIGN_IN_LOCKED_QUEUE);
}

/** Declares the queue and its worker; the job carries the user's id (no address in job rows). */
export async function startLockEmailWorker(
  boss: PgBoss,
  deps: { db: Db; email: TEmailProvider; publicUrl: string },
) {
  await declareLockEmailQueue(boss);
  await boss.work<{ userId: string }>(SIGN_IN_LOCKED_QUEUE, async ([job]) => {
    const user = job ? await findUserById(deps.db, job.data.userId) : null;
    if (!user) return;
    await deps.email.send({
      to: user.email,
      stationId: user.stationId,
      ...signInLockedEmail({
        fullName: user.fullName,
        email: user.email,
        resetLink: `${deps.publicUrl}/forgot-password`,
        language: emailLanguage(user.language),
      }),
    });
  });
}

/** Queues the email for the account with this address, if there is one. */
export async function queueLockEmail(boss: PgBoss, db: Db, email: string) {
  const user = await findUserByEmail(db, email);
  if (user) await boss.send(SIGN_IN_LOCKED_QUEUE, { userId: user.id });
}
