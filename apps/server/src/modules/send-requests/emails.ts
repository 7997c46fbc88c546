// The email each admin gets when a standard user asks them to send a message (decision 0077), and
// the one the requester gets once it is answered (decision 0083): by an admin, or by a send no admin
// made at the time (a schedule's run, the weather auto-send), each in its reader's interface language; their words are the shared catalogue's (SEND_REQUEST_EMAIL, SEND_REQUEST_ANSWERED_EMAIL).
import {
  SEND_REQUEST_ANSWERED_EMAIL,
  SEND_REQUEST_EMAIL,
  type TEmailLanguage,
} from '@message-station/shared';
import { linkEmail } from '../../providers/email/html.js';

export function sendRequestEmail(input: {
  adminName: string;
  requesterName: string;
  stationName: string;
  messageTitle: string;
  emergency: boolean;
  note: string | null;
  link: string;
  language: TEmailLanguage;
}) {
  const words = SEND_REQUEST_EMAIL[input.language];
  return linkEmail({
    subject: words.subject(input.requesterName, input.messageTitle, input.emergency),
    hello: words.hello(input.adminName),
    intro: words.what(input.requesterName, input.stationName, input.messageTitle),
    button: words.button,
    orOpen: words.orOpen,
    link: input.link,
    notes: [...(input.note ? [words.note(input.note)] : []), words.next],
  });
}

/** Who answered a request: an admin (sent or declined), a schedule's run or the weather auto-send. */
export type TSendRequestAnswerer = 'admin' | 'schedule' | 'weather';

function sentIntro(
  words: (typeof SEND_REQUEST_ANSWERED_EMAIL)[TEmailLanguage],
  by: TSendRequestAnswerer,
  admin: string,
  title: string,
) {
  if (by === 'schedule') return words.sentBySchedule(title);
  if (by === 'weather') return words.sentByWeather(title);
  return words.sent(admin, title);
}

export function sendRequestAnsweredEmail(input: {
  requesterName: string;
  adminName: string;
  messageTitle: string;
  outcome: 'sent' | 'declined';
  answeredBy: TSendRequestAnswerer;
  reason: string | null;
  link: string;
  language: TEmailLanguage;
}) {
  const words = SEND_REQUEST_ANSWERED_EMAIL[input.language];
  const sent = input.outcome === 'sent';
  return linkEmail({
    subject: words.subject(input.messageTitle, sent),
    hello: words.hello(input.requesterName),
    intro: sent
      ? sentIntro(words, input.answeredBy, input.adminName, input.messageTitle)
      : words.declined(input.adminName, input.messageTitle),
    button: words.button,
    orOpen: words.orOpen,
    link: input.link,
    notes: sent ? [] : [input.reason ? words.reason(input.reason) : words.noReason],
  });
}
