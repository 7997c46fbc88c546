// Contact form (spec §3 Contact form, §5, §7 POST /api/contact).
import { z } from 'zod';
import { email, requiredText } from './fields.js';
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
  name: requiredText('Name is required.', TEXT_LIMITS.name).optional(),
  email: email('Email address').optional(),
  category: z.enum(CONTACT_CATEGORIES, 'Please choose a category.'),
  subject: requiredText('Subject is required.', TEXT_LIMITS.contactSubject),
  message: requiredText('Message is required.', TEXT_LIMITS.contactMessage),
  turnstileToken: textField({ label: 'Bot check', max: TEXT_LIMITS.botCheckToken }).optional(),
});
/**
 * `name` and `email` are left out by a signed-in user (/admin/contact): the server uses the
 * session's; `turnstileToken` is the bot check's payload, which a signed-in user does not send.
 */
export type TContactRequest = z.input<typeof ZContactRequest>;

export const ZContactResponse = z.object({ message: z.string() });
export type TContactResponse = z.infer<typeof ZContactResponse>;
