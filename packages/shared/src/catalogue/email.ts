// Every email the product sends to a person, in the two interface languages: the words
// only; the server lays them out as text and HTML. A person gets them in the language they last
// used the interface in (users.language); someone without an account in the language of the page
// that made the email go (an invitation in the inviting admin's language).
import { INVITATION_DAYS, LIMITS } from '../constants.js';

export const EMAIL_LANGUAGES = ['en', 'es'] as const;
export type TEmailLanguage = (typeof EMAIL_LANGUAGES)[number];

/** A stored or requested language as an email language (English for anything else). */
export function emailLanguage(language: string | null | undefined): TEmailLanguage {
  return language === 'es' ? 'es' : 'en';
}

/** The password reset link: asked for on Forgot password, or sent by an admin from Users. */
export const RESET_EMAIL = {
  en: {
    subject: 'Reset your Message Station password',
    hello: (name: string) => `Hello ${name},`,
    byAdmin: 'Your station administrator asked us to send you a link to set a new Message Station password.',
    bySelf: 'We received a request to reset your Message Station password.',
    button: 'Set a new password',
    orOpen: 'Or open this address:',
    expiry: `The link works once and expires in ${LIMITS.resetLinkHours} hour. Before you choose the new password we text a 6-digit code to the phone number on your account.`,
    ignore: 'If you did not expect this email, you can ignore it: your password stays as it is.',
  },
  es: {
    subject: 'Restablezca su contraseña de Message Station',
    hello: (name: string) => `Hola, ${name}:`,
    byAdmin:
      'El administrador de su estación nos pidió enviarle un enlace para elegir una nueva contraseña de Message Station.',
    bySelf: 'Recibimos una solicitud para restablecer su contraseña de Message Station.',
    button: 'Elegir una nueva contraseña',
    orOpen: 'O abra esta dirección:',
    expiry: `El enlace sirve una sola vez y vence en ${LIMITS.resetLinkHours} hora. Antes de elegir la nueva contraseña le enviaremos un código de 6 dígitos por SMS al teléfono de su cuenta.`,
    ignore: 'Si no esperaba este correo, puede ignorarlo: su contraseña no cambia.',
  },
} as const;

/** To an account's owner when repeated failed sign-ins make it wait (decision 0019). */
export const SIGN_IN_LOCKED_EMAIL = {
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

/** To an account's owner when a signup reached its last step with their address (decision 0020). */
export const EMAIL_CLASH_EMAIL = {
  en: {
    subject: 'Someone tried to create a Message Station station with your email',
    hello: (name: string) => `Hello ${name},`,
    what: (station: string) =>
      `Someone tried to create a new station ("${station}") on Message Station with this email address. Your address already belongs to your Message Station account, so no station was created and nothing changed on your account.`,
    ifYou: 'If this was you: sign in with your account, or sign up with a different email address.',
    ifNot: 'If it was not you, you can ignore this email.',
    footer: 'Message Station',
  },
  es: {
    subject: 'Alguien intentó crear una estación de Message Station con su correo electrónico',
    hello: (name: string) => `Hola, ${name}:`,
    what: (station: string) =>
      `Alguien intentó crear una estación nueva ("${station}") en Message Station con este correo electrónico. Su dirección ya pertenece a su cuenta de Message Station, así que no se creó ninguna estación y su cuenta no cambió.`,
    ifYou: 'Si fue usted: inicie sesión con su cuenta o regístrese con otro correo electrónico.',
    ifNot: 'Si no fue usted, puede ignorar este correo.',
    footer: 'Message Station',
  },
} as const;

/** Add User's invitation with its link (decision 0025). */
export const INVITATION_EMAIL = {
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

/** Add User for an address with an account of another station: a note to its owner, no link. */
export const ACCOUNT_ELSEWHERE_EMAIL = {
  en: {
    subject: (station: string) => `${station} tried to add you on Message Station`,
    hello: (name: string) => `Hello ${name},`,
    what: (station: string) =>
      `An admin of ${station} tried to add you. Your email already has a Message Station account with another station, so ask them to invite a different address.`,
    unchanged: 'Nothing changed on your account.',
    footer: 'Message Station',
  },
  es: {
    subject: (station: string) => `${station} intentó agregarle en Message Station`,
    hello: (name: string) => `Hola, ${name}:`,
    what: (station: string) =>
      `Un administrador de ${station} intentó agregarle. Su correo ya tiene una cuenta de Message Station con otra estación, así que pídales que inviten otra dirección.`,
    unchanged: 'Su cuenta no cambió.',
    footer: 'Message Station',
  },
} as const;

/** To a station's admins when a scheduled send could not go: what, when, why, what next. */
export const SCHEDULE_FAILED_EMAIL = {
  en: {
    subject: (title: string) => `Scheduled message not sent: ${title}`,
    hello: (name: string) => `Hello ${name},`,
    what: (title: string, when: string) =>
      `The message “${title}” was scheduled for ${when} and could not go.`,
    why: 'Why:',
    next: (when: string) => `The schedule goes on: its next run is ${when}.`,
    ended: 'The schedule has no more runs.',
    button: 'Open scheduled messages',
    footer: 'Message Station',
    reasons: {
      not_enough_credits: (p: Record<string, string | number>) =>
        `Not enough SMS credits: it needed ${p.needed} and the station had ${p.available}.`,
      sms_disabled: 'SMS is turned off in Settings → SMS Settings.',
      send_no_subscription: 'The station has no active subscription.',
      no_audience: 'Nobody receives this type of message yet.',
      review_required: 'Some translations were not reviewed, and the station requires review for this type.',
      correction_choice_needed: 'The original changed after a translation was corrected: staff must choose.',
      schedule_translations_incomplete: 'Some translations were not finished.',
      schedule_machines_missed: (p: Record<string, string | number>) =>
        `These machines were not connected: ${p.machine_list}.`,
      other: 'Open scheduled messages to see the reason.',
    },
  },
  es: {
    subject: (title: string) => `Mensaje programado no enviado: ${title}`,
    hello: (name: string) => `Hola, ${name}:`,
    what: (title: string, when: string) =>
      `El mensaje «${title}» estaba programado para ${when} y no se pudo enviar.`,
    why: 'Motivo:',
    next: (when: string) => `La programación continúa: el próximo envío es ${when}.`,
    ended: 'La programación no tiene más envíos.',
    button: 'Abrir mensajes programados',
    footer: 'Message Station',
    reasons: {
      not_enough_credits: (p: Record<string, string | number>) =>
        `No había créditos SMS suficientes: necesitaba ${p.needed} y la estación tenía ${p.available}.`,
      sms_disabled: 'El SMS está desactivado en Configuración → SMS.',
      send_no_subscription: 'La estación no tiene una suscripción activa.',
      no_audience: 'Nadie recibe todavía este tipo de mensaje.',
      review_required: 'Algunas traducciones no se revisaron y la estación exige revisión para este tipo.',
      correction_choice_needed:
        'El original cambió después de corregir una traducción: el personal debe elegir.',
      schedule_translations_incomplete: 'Algunas traducciones no estaban terminadas.',
      schedule_machines_missed: (p: Record<string, string | number>) =>
        `Estos equipos no estaban conectados: ${p.machine_list}.`,
      other: 'Abra los mensajes programados para ver el motivo.',
    },
  },
} as const;

/** To each admin of a station whose webhook endpoint was turned off after failing. */
export const WEBHOOK_DISABLED_EMAIL = {
  en: {
    subject: 'A webhook endpoint was turned off',
    hello: (name: string) => `Hello ${name},`,
    what: (url: string, failures: number) =>
      `Message Station turned off the webhook endpoint ${url}: its last ${failures} deliveries failed, each after 24 hours of retries.`,
    lastError: (error: string) => `The last error was: ${error}`,
    next: 'No events are sent to it while it is off. Once the receiver works again, turn the endpoint back on in Webhooks; failed deliveries can be replayed from the delivery log.',
    button: 'Open webhooks',
    footer: 'Message Station',
  },
  es: {
    subject: 'Se desactivó un endpoint de webhook',
    hello: (name: string) => `Hola, ${name}:`,
    what: (url: string, failures: number) =>
      `Message Station desactivó el endpoint de webhook ${url}: sus últimas ${failures} entregas fallaron, cada una tras 24 horas de reintentos.`,
    lastError: (error: string) => `El último error fue: ${error}`,
    next: 'No se le envían eventos mientras esté desactivado. Cuando el receptor vuelva a funcionar, actívelo de nuevo en Webhooks; las entregas fallidas se pueden reenviar desde el registro de entregas.',
    button: 'Abrir webhooks',
    footer: 'Message Station',
  },
} as const;

/**
 * To each admin of a station when a standard user asks them to send a message (decision 0077):
 * who asks, what, their note, and the link that opens the message.
 */
export const SEND_REQUEST_EMAIL = {
  en: {
    subject: (name: string, title: string, emergency: boolean) =>
      `${emergency ? 'Emergency: ' : ''}${name} asks you to send “${title}”`,
    hello: (name: string) => `Hello ${name},`,
    what: (requester: string, station: string, title: string) =>
      `${requester} of ${station} asked the admins to send the message “${title}” by SMS. Only an admin can send it.`,
    note: (note: string) => `Their note: ${note}`,
    next: 'Open it to send it with the usual confirmation, or decline it with a reason they will read.',
    button: 'Open the message',
    orOpen: 'Or open this address:',
  },
  es: {
    subject: (name: string, title: string, emergency: boolean) =>
      `${emergency ? 'Emergencia: ' : ''}${name} le pide enviar «${title}»`,
    hello: (name: string) => `Hola, ${name}:`,
    what: (requester: string, station: string, title: string) =>
      `${requester}, de ${station}, pidió a los administradores que envíen el mensaje «${title}» por SMS. Solo un administrador puede enviarlo.`,
    note: (note: string) => `Su nota: ${note}`,
    next: 'Ábralo para enviarlo con la confirmación de siempre, o rechácelo con un motivo que la persona leerá.',
    button: 'Abrir el mensaje',
    orOpen: 'O abra esta dirección:',
  },
} as const;

/**
 * To the standard user who asked, once an admin answers the request (decision 0083): sent or
 * declined, by whom, with the reason given; in the requester's interface language.
 */
export const SEND_REQUEST_ANSWERED_EMAIL = {
  en: {
    subject: (title: string, sent: boolean) =>
      sent
        ? `Your request was answered: “${title}” was sent`
        : `Your request to send “${title}” was declined`,
    hello: (name: string) => `Hello ${name},`,
    sent: (admin: string, title: string) => `${admin} sent the message “${title}” by SMS, as you asked.`,
    /** Sent by a scheduled send (an admin's schedule) rather than by an admin at the time. */
    sentBySchedule: (title: string) =>
      `A scheduled send sent the message “${title}” by SMS, which answers your request.`,
    /** Sent by the weather auto-send, with no admin involved. */
    sentByWeather: (title: string) =>
      `The weather auto-send sent the message “${title}” by SMS, which answers your request.`,
    declined: (admin: string, title: string) =>
      `${admin} declined your request to send the message “${title}”.`,
    reason: (reason: string) => `Their reason: ${reason}`,
    noReason: 'They gave no reason.',
    button: 'Open the message',
    orOpen: 'Or open this address:',
  },
  es: {
    subject: (title: string, sent: boolean) =>
      sent
        ? `Su solicitud fue atendida: se envió «${title}»`
        : `Se rechazó su solicitud de enviar «${title}»`,
    hello: (name: string) => `Hola, ${name}:`,
    sent: (admin: string, title: string) => `${admin} envió el mensaje «${title}» por SMS, como usted pidió.`,
    sentBySchedule: (title: string) =>
      `Un envío programado envió el mensaje «${title}» por SMS, lo que atiende su solicitud.`,
    sentByWeather: (title: string) =>
      `El envío automático de alertas meteorológicas envió el mensaje «${title}» por SMS, lo que atiende su solicitud.`,
    declined: (admin: string, title: string) =>
      `${admin} rechazó su solicitud de enviar el mensaje «${title}».`,
    reason: (reason: string) => `Su motivo: ${reason}`,
    noReason: 'No indicó ningún motivo.',
    button: 'Abrir el mensaje',
    orOpen: 'O abra esta dirección:',
  },
} as const;
