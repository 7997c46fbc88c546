// Typed call for the contact form: POST /api/contact, with the
// request and answer the server's route declares (packages/shared/src/contact.ts).
import { publicContact, type TContactRequest, type TContactResponse } from '@message-station/shared';
import { call } from './call';

/** Throws ApiError 400 (validation or 'Please complete the CAPTCHA verification') or 429. */
export function sendContactMessage(request: TContactRequest): Promise<TContactResponse> {
  return call(publicContact, { body: request });
}
