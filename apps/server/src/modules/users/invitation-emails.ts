// The two emails of Add User (decision 0025): the invitation with its link, and, when the address
// already has an account of another station, a note to that account's owner with no link.
import { INVITATION_DAYS } from '@message-station/shared';
import { escapeHtml, linkEmail } from '../../providers/email/html.js';

const INVITATION_EMAIL_TEXT = {
  en: {
    subject: (station: string) => `You are invited to ${station} on Message Station`,
    hello: (name: string) => `Hello ${name},`,
    what: (station: string) =>
      `An admin of ${station} invited you to send messages with Message Station. Choose a password to create your account.`,
    button: 'Create your account',
    orOpen: 'Or open this address:',
    expiry: `The link works once and expires in ${INVITATION_DAYS} days.`,
    ignore: 'If you did not expect this email, you can ignore it: no account is created.',
  },
  es: {
    subject: (station: string) => `Le invitaron a ${station} en Message Station`,
    hello: (name: string) => `Hola, ${name}:`,
    what: (station: string) =>
      `Un administrador de ${station} le invitó a enviar mensajes con Message Station. Elija una contraseña para crear su cuenta.`,
    button: 'Crear su cuenta',
    orOpen: 'O abra esta dirección:',
    expiry: `El enlace sirve una sola vez y vence en ${INVITATION_DAYS} días.`,
    ignore: 'Si no esperaba este correo, puede ignorarlo: no se crea ninguna cuenta.',
  },
} as const;

const ACCOUNT_ELSEWHERE_TEXT = {
  en: {
    subject: (station: string) => `${station} tried to add you on Message Station`,
    hello: (name: string) => `Hello ${name},`,
    what: (station: string) =>
      `An admin of ${station} tried to add you. Your email already has a Message Station account with another station, so ask them to invite a different address.`,
    unchanged: 'Nothing changed on your account.',
  },
  es: {
    subject: (station: string) => `${station} intentó agregarle en Message Station`,
    hello: (name: string) => `Hola, ${name}:`,
    what: (station: string) =>
      `Un administrador de ${station} intentó agregarle. Su correo ya tiene una cuenta de Message Station con otra estación, así que pídales que inviten otra dirección.`,
    unchanged: 'Su cuenta no cambió.',
  },
} as const;

export type TInvitationLanguage = keyof typeof INVITATION_EMAIL_TEXT;

const paragraphsHtml = (paragraphs: string[]) => paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');

export function invitationEmail(input: {
  fullName: string;
  stationName: string;
  link: string;
  language?: TInvitationLanguage;
}) {
  const words = INVITATION_EMAIL_TEXT[input.language ?? 'en'];
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
  const words = ACCOUNT_ELSEWHERE_TEXT[input.language ?? 'en'];
  const paragraphs = [
    words.hello(input.fullName),
    words.what(input.stationName),
    words.unchanged,
    'Message Station',
  ];
  return {
    subject: words.subject(input.stationName),
    text: paragraphs.join('\n\n'),
    html: paragraphsHtml(paragraphs),
  };
}
