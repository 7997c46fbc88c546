// The email to an account's owner when repeated failed sign-ins make it wait (decision 0019):
// sent once per lock, by the job runner, so the failed sign-in that locks never waits for SMTP.
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/client.js';
import { escapeHtml } from '../../providers/email/html.js';
import type { TEmailProvider } from '../../providers/email/index.js';
import { findUserByEmail, findUserById } from '../users/service.js';

export const SIGN_IN_LOCKED_QUEUE = 'sign-in-locked-email';

const LOCK_EMAIL_TEXT = {
  en: {
    subject: 'Failed sign-in attempts on your Message Station account',
    hello: (name: string) => `Hello ${name},`,
    what: (email: string) =>
      `Someone tried several times to sign in to your Message Station account (${email}) with a wrong password. To protect it, sign-ins to this account are paused for a while after each further failure.`,
    ifYou: 'If this was you, wait a few minutes and try again.',
    ifNot:
      'If it was not you, nobody got in: your password still protects the account. To be safe, choose a new password:',
    button: 'Reset your password',
    footer: 'Message Station',
  },
  es: {
    subject: 'Intentos fallidos de inicio de sesión en su cuenta de Message Station',
    hello: (name: string) => `Hola, ${name}:`,
    what: (email: string) =>
      `Alguien intentó varias veces iniciar sesión en su cuenta de Message Station (${email}) con una contraseña incorrecta. Para protegerla, el inicio de sesión en esta cuenta se pausa un tiempo después de cada nuevo fallo.`,
    ifYou: 'Si fue usted, espere unos minutos e inténtelo de nuevo.',
    ifNot:
      'Si no fue usted, nadie entró: su contraseña sigue protegiendo la cuenta. Por seguridad, elija una nueva contraseña:',
    button: 'Restablecer su contraseña',
    footer: 'Message Station',
  },
} as const;

export type TLockEmailLanguage = keyof typeof LOCK_EMAIL_TEXT;

/** The lock email as plain text and HTML (English unless the person's language is known). */
export function signInLockedEmail(input: {
  fullName: string;
  email: string;
  resetLink: string;
  language?: TLockEmailLanguage;
}) {
  const words = LOCK_EMAIL_TEXT[input.language ?? 'en'];
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

/** Declares the queue and its worker; the job carries the user's id (no address in job rows). */
export async function startLockEmailWorker(
  boss: PgBoss,
  deps: { db: Db; email: TEmailProvider; publicUrl: string },
) {
  await boss.createQueue(SIGN_IN_LOCKED_QUEUE);
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
      }),
    });
  });
}

/** Queues the email for the account with this address, if there is one. */
export async function queueLockEmail(boss: PgBoss, db: Db, email: string) {
  const user = await findUserByEmail(db, email);
  if (user) await boss.send(SIGN_IN_LOCKED_QUEUE, { userId: user.id });
}
