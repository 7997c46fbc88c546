// A signup that reached the last step with the email of an existing account (decision 0020): the
// account's owner hears of it by email; the signup form is never told where the address is used.
import { EMAIL_CLASH_EMAIL, emailLanguage, type TEmailLanguage } from '@message-station/shared';
import { escapeHtml } from '../../providers/email/html.js';
import type { TEmailProvider } from '../../providers/email/index.js';

export function emailClashEmail(input: { fullName: string; stationName: string; language?: TEmailLanguage }) {
  const words = EMAIL_CLASH_EMAIL[input.language ?? 'en'];
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
  owner: { email: string; fullName: string; stationId: string; language: string },
  stationName: string,
) {
  await email.send({
    to: owner.email,
    stationId: owner.stationId,
    ...emailClashEmail({ fullName: owner.fullName, stationName, language: emailLanguage(owner.language) }),
  });
}
