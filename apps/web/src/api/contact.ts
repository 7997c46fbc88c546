// Typed call for the contact form (spec §3 Contact form, §7 Public): POST /api/contact, with the
// request and answer the server's route declares (packages/shared/src/contact.ts).
import type { TContactRequest, TContactResponse } from '@message-station/shared';
import { api } from './client';

/** Throws ApiError 400 (validation or 'Please complete the CAPTCHA verification') or 429. */
export function sendContactMessage(request: TContactRequest): Promise<TContactResponse> {
  return api<TContactResponse>('/api/contact', { method: 'POST', body: request });
}
