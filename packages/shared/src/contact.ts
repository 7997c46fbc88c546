// Contact form (spec §3 Contact form, §5, §7 POST /api/contact).
import { z } from 'zod';
import { requiredText } from './fields.js';

export const CONTACT_CATEGORIES = ['product', 'account', 'station', 'billing', 'security', 'other'] as const;
export const CONTACT_CATEGORY_LABELS: Record<(typeof CONTACT_CATEGORIES)[number], string> = {
  product: 'Questions about Message Station',
  account: 'Account Support',
  station: 'Station Support',
  billing: 'Billing and Subscriptions',
  security: 'Security and Privacy',
  other: 'Other',
};
export const CONTACT_SENT = "Message sent successfully! We'll get back to you soon.";

export const ZContactRequest = z.object({
  name: requiredText('Name is required.', 100).optional(),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(320)
    .pipe(z.email('Please enter a valid email address.'))
    .optional(),
  category: z.enum(CONTACT_CATEGORIES, 'Please choose a category.'),
  subject: requiredText('Subject is required.', 200),
  message: requiredText('Message is required.', 5000),
  turnstileToken: z.string().max(10_000).optional(),
});
export type TContactRequest = z.input<typeof ZContactRequest>;
