// Contact form.
import { z } from 'zod';
import { email, requiredText } from './fields.js';
import { refusal } from './issue-message.js';
import { TEXT_LIMITS, textField } from './text-field.js';

/** The six categories, in the order the form lists them. */
export const CONTACT_CATEGORIES = ['product', 'account', 'station', 'billing', 'security', 'other'] as const;
export type TContactCategory = (typeof CONTACT_CATEGORIES)[number];
export const CONTACT_CATEGORY_LABELS: Record<TContactCategory, string> = {
  product: 'Questions about Message Station',
  account: 'Account Support',
  station: 'Station Support',
  billing: 'Billing and Subscriptions',
  security: 'Security and Privacy',
  other: 'Other',
};
export const CONTACT_SENT = "Message sent successfully! We'll get back to you soon.";

export const ZContactRequest = z.object({
  name: requiredText('Name', TEXT_LIMITS.name, refusal('contact_name_required')).optional(),
  email: email('Email address').optional(),
  category: z.enum(CONTACT_CATEGORIES, refusal('category_required')),
  subject: requiredText('Subject', TEXT_LIMITS.contactSubject),
  message: requiredText('Message', TEXT_LIMITS.contactMessage),
  turnstileToken: textField({ label: 'Bot check', max: TEXT_LIMITS.botCheckToken }).optional(),
});
/**
 * `name` and `email` are left out by a signed-in user (/admin/contact): the server uses the
 * session's; `turnstileToken` is the bot check's payload, which a signed-in user does not send.
 */
export type TContactRequest = z.input<typeof ZContactRequest>;

export const ZContactResponse = z.object({ message: z.string() });
export type TContactResponse = z.infer<typeof ZContactResponse>;
