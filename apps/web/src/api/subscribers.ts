// Typed calls for the public subscriber pages: station info, join with a
// code, and unsubscribe. Station slugs come from the URL, so they are always encoded.
import {
  subscribersInfo,
  subscribersRegister,
  subscribersResend,
  subscribersUnsubscribe,
  subscribersVerify,
  type TLanguageCode,
  type TMessageResponse,
  type TStationPublicInfo,
  type TSubscribeRequest,
  type TSubscribeResponse,
  type TSubscriberResendRequest,
  type TSubscriberResendResponse,
  type TSubscriberVerifyRequest,
  type TUnsubscribeRequest,
} from '@message-station/shared';
import { call } from './call';

export type { TSubscriberResendResponse } from '@message-station/shared';

/**
 * Throws ApiError 404 for an unknown station. The consent text and the alert types' names and
 * descriptions come in the page's language (any of the nine).
 */
export function getStationPublicInfo(
  slug: string,
  language: TLanguageCode,
  signal?: AbortSignal,
): Promise<TStationPublicInfo> {
  return call(subscribersInfo, { params: { slug }, query: { language }, signal });
}

/** Registers the choices and texts a code (requires_verification), or subscribes at once. */
export function registerSubscriber(slug: string, request: TSubscribeRequest): Promise<TSubscribeResponse> {
  return call(subscribersRegister, { params: { slug }, body: request });
}

export function verifySubscriber(
  slug: string,
  contactId: string,
  verificationCode: string,
): Promise<TMessageResponse> {
  const body: TSubscriberVerifyRequest = { contact_id: contactId, verification_code: verificationCode };
  return call(subscribersVerify, { params: { slug }, body });
}

/** Texts a new code; throws ApiError 429 'Please wait N seconds before requesting a new code.' */
export function resendSubscriberCode(slug: string, contactId: string): Promise<TSubscriberResendResponse> {
  const body: TSubscriberResendRequest = { contact_id: contactId };
  return call(subscribersResend, { params: { slug }, body });
}

/** The same answer whether or not the number was subscribed. */
export function unsubscribe(slug: string, phone: string): Promise<TMessageResponse> {
  const body: TUnsubscribeRequest = { phone };
  return call(subscribersUnsubscribe, { params: { slug }, body });
}
