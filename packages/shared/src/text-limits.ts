// The longest accepted value of each kind of text (decision 0024): plain numbers, apart from
// text-field.ts's zod builder, so the web's forms and the catalogue entry read them without zod
// (docs/decisions/0073-shared-catalogue-and-schemas.md).

/**
 * The longest accepted value of each kind of text, in UTF-16 code units (what an input's
 * maxLength counts). The spec fixes none of these (decision 0024 says why each is what it is).
 */
export const TEXT_LIMITS = {
  /** A person's, station's or contact's name, and a station's display name. */
  name: 100,
  /** A message type's display name (a badge and a column header). */
  typeName: 50,
  typeDescription: 500,
  messageTitle: 200,
  /**
   * A message's original text, and each translation of it: at most what one text message carries
   * (Twilio takes at most 1,600 characters). The real room is less: the station's name and the
   * opt-out line share the 1,600 (smsTextBudget, decision 0052).
   */
  messageBody: 1600,
  contactSubject: 200,
  contactMessage: 5000,
  /** The longest address a mail server accepts (RFC 5321 forward path). */
  email: 254,
  url: 2048,
  search: 200,
  password: 256,
  /** A phone number as typed: "+1 (555) 123-4567 ext" and spaces, not an essay. */
  phone: 32,
  /** A station's slug in an address (a Station ID is at most 20; room for older slugs). */
  slug: 40,
  /** A two-factor code as typed: 6 digits, or a recovery code with spaces and hyphens. */
  signInCode: 32,
  /** Reset tokens, ids and codes a client hands back. */
  token: 200,
  /** A bot-check answer (ALTCHA payloads and Turnstile tokens run to a few KB). */
  botCheckToken: 10_000,
  /** One text message: 10 segments of 160 characters (the most Twilio takes). */
  smsBody: 1600,
  /** A translation engine's API key (vendors' keys run to a few hundred characters). */
  engineApiKey: 500,
  /** A translation engine's model name ("gpt-4o-mini"). */
  engineModel: 200,
} as const;
export type TTextLimitKind = keyof typeof TEXT_LIMITS;
