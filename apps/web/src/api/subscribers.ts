// Typed calls for the public subscriber pages (spec §7 Subscriber): station info, join with a
// code, and unsubscribe. Station slugs come from the URL, so they are always encoded.
import type {
  TLanguageCode,
  TMessageResponse,
  TStationPublicInfo,
  TSubscribeRequest,
  TSubscribeResponse,
  TSubscriberResendRequest,
  TSubscriberResendResponse,
  TSubscriberVerifyRequest,
  TUnsubscribeRequest,
} from '@message-station/shared';
import { api } from './client';

export type { TSubscriberResendResponse } from '@message-station/shared';

function base(slug: string): string {
  return `/subscribe/${encodeURIComponent(slug)}`;
}

/**
 * Throws ApiError 404 for an unknown station. The consent text and the alert types' names and
 * descriptions come in the page's language (any of the nine).
 */
export function getStationPublicInfo(
  slug: string,
  language: TLanguageCode,
  signal?: AbortSignal,
): Promise<TStationPublicInfo> {
  return api<TStationPublicInfo>(`${base(slug)}/info?language=${language}`, { signal });
}

/** Registers the choices and texts a code (requires_verification), or subscribes at once. */
export function registerSubscriber(slug: string, request: TSubscribeRequest): Promise<TSubscribeResponse> {
  return api<TSubscribeResponse>(`${base(slug)}/register`, { method: 'POST', body: request });
}

export function verifySubscriber(
  slug: string,
  contactId: string,
  verificationCode: string,
): Promise<TMessageResponse> {
  const body: TSubscriberVerifyRequest = { contact_id: contactId, verification_code: verificationCode };
  return api<TMessageResponse>(`${base(slug)}/verify`, { method: 'POST', body });
}

/** Texts a new code; throws ApiError 429 'Please wait N seconds before requesting a new code.' */
export function resendSubscriberCode(slug: string, contactId: string): Promise<TSubscriberResendResponse> {
  const body: TSubscriberResendRequest = { contact_id: contactId };
  return api<TSubscriberResendResponse>(`${base(slug)}/resend`, { method: 'POST', body });
}

/** The same answer whether or not the number was subscribed. */
export function unsubscribe(slug: string, phone: string): Promise<TMessageResponse> {
  const body: TUnsubscribeRequest = { phone };
  return api<TMessageResponse>(`${base(slug)}/unsubscribe`, { method: 'POST', body });
}
