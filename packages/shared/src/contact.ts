// Contact form (spec §3 Contact form, §5, §7 POST /api/contact).
import { z } from 'zod';

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

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} is too long (at most ${max} characters).`);

export const ZContactRequest = z.object({
  name: required('Name', 100).optional(),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(320)
    .pipe(z.email('Please enter a valid email address.'))
    .optional(),
  category: z.enum(CONTACT_CATEGORIES, 'Please choose a category.'),
  subject: required('Subject', 200),
  message: required('Message', 5000),
  turnstileToken: z.string().max(10_000).optional(),
});
export type TContactRequest = z.input<typeof ZContactRequest>;
