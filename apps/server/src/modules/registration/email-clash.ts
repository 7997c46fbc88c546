// A signup that reached the last step with the email of an existing account (decision 0020): the
// account's owner hears of it by email; the signup form is never told where the address is used.
import { escapeHtml } from '../../providers/email/html.js';
import type { TEmailProvider } from '../../providers/email/index.js';

const CLASH_EMAIL_TEXT = {
  en: {
    subject: 'Someone tried to create a Message Station station with your email',
    hello: (name: string) => `Hello ${name},`,
    what: (station: string) =>
      `Someone tried to create a new station ("${station}") on Message Station with this email address. Your address already belongs to your Message Station account, so no station was created and nothing changed on your account.`,
    ifYou: 'If this was you: sign in with your account, or sign up with a different email address.',
    ifNot: 'If it was not you, you can ignore this email.',
    footer: 'Message Station',
  },
} as const;

export function emailClashEmail(input: { fullName: string; stationName: string }) {
  const words = CLASH_EMAIL_TEXT.en;
  const paragraphs = [
    words.hello(input.fullName),
    words.what(input.stationName),
    words.ifYou,
    words.ifNot,
    words.footer,
  ];
  return {
    subject: words.subject,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'),
  };
}

export async function sendEmailClashNotice(
  email: TEmailProvider,
  owner: { email: string; fullName: string; stationId: string },
  stationName: string,
) {
  await email.send({
    to: owner.email,
    stationId: owner.stationId,
    ...emailClashEmail({ fullName: owner.fullName, stationName }),
  });
}
