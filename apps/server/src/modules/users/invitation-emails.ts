// The two emails of Add User (decision 0025): the invitation with its link, and, when the address
// already has an account of another station, a note to that account's owner with no link. Their
// words are in the shared email catalogue.
import { ACCOUNT_ELSEWHERE_EMAIL, INVITATION_EMAIL, type TEmailLanguage } from '@message-station/shared';
import { escapeHtml, linkEmail } from '../../providers/email/html.js';

export type TInvitationLanguage = TEmailLanguage;

const paragraphsHtml = (paragraphs: string[]) => paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');

export function invitationEmail(input: {
  fullName: string;
  stationName: string;
  link: string;
  language?: TInvitationLanguage;
}) {
  const words = INVITATION_EMAIL[input.language ?? 'en'];
  return linkEmail({
    subject: words.subject(input.stationName),
    hello: words.hello(input.fullName),
    intro: words.what(input.stationName),
    button: words.button,
    orOpen: words.orOpen,
    link: input.link,
    notes: [words.expiry, words.ignore],
  });
}

/** To the owner of an account of another station: no link, the address cannot join a second station. */
export function accountElsewhereEmail(input: {
  fullName: string;
  stationName: string;
  language?: TInvitationLanguage;
}) {
  const words = ACCOUNT_ELSEWHERE_EMAIL[input.language ?? 'en'];
  const paragraphs = [
    words.hello(input.fullName),
    words.what(input.stationName),
    words.unchanged,
    words.footer,
  ];
  return {
    subject: words.subject(input.stationName),
    text: paragraphs.join('\n\n'),
    html: paragraphsHtml(paragraphs),
  };
}
