// Typed call for the contact form (spec §3 Contact form, §7 Public): POST /api/contact.
import { api } from './client';

/** The six categories, in the order the form lists them. */
export const CONTACT_CATEGORIES = ['product', 'account', 'station', 'billing', 'security', 'other'] as const;
export type TContactCategory = (typeof CONTACT_CATEGORIES)[number];

export type TContactRequest = {
  name: string;
  email: string;
  category: TContactCategory;
  subject: string;
  message: string;
  /**
   * The bot-check payload. Omitted by a signed-in user: the server then uses the session's name
   * and email instead of the ones sent.
   */
  turnstileToken?: string;
};

export type TContactResponse = { message: string };

/** Throws ApiError 400 (validation or 'Please complete the CAPTCHA verification') or 429. */
export function sendContactMessage(request: TContactRequest): Promise<TContactResponse> {
  return api<TContactResponse>('/api/contact', { method: 'POST', body: request });
}
