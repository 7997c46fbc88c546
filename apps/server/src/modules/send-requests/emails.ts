// The email each admin gets when a standard user asks them to send a message (decision 0077), in
// the admin's interface language; its words are the shared catalogue's (SEND_REQUEST_EMAIL).
import { SEND_REQUEST_EMAIL, type TEmailLanguage } from '@message-station/shared';
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
