// The endpoint table (decision 0067): The public join page of a station.
import {
  type ZMessageResponse,
  type ZStationPublicInfo,
  ZStationPublicInfoQuery,
  ZStationSlugParams,
  ZSubscribeRequest,
  type ZSubscribeResponse,
  ZSubscriberResendRequest,
  type ZSubscriberResendResponse,
  ZSubscriberVerifyRequest,
  ZUnsubscribeRequest,
} from '../subscribers.js';
import { endpoint } from './endpoint.js';

/** GET /subscribe/:slug/info */
export const subscribersInfo = endpoint('GET', '/subscribe/:slug/info', {
  params: ZStationSlugParams,
  query: ZStationPublicInfoQuery,
}).returns<typeof ZStationPublicInfo>();

/** POST /subscribe/:slug/register */
export const subscribersRegister = endpoint('POST', '/subscribe/:slug/register', {
  params: ZStationSlugParams,
  body: ZSubscribeRequest,
}).returns<typeof ZSubscribeResponse>();

/** POST /subscribe/:slug/verify */
export const subscribersVerify = endpoint('POST', '/subscribe/:slug/verify', {
  params: ZStationSlugParams,
  body: ZSubscriberVerifyRequest,
}).returns<typeof ZMessageResponse>();

/** POST /subscribe/:slug/resend */
export const subscribersResend = endpoint('POST', '/subscribe/:slug/resend', {
  params: ZStationSlugParams,
  body: ZSubscriberResendRequest,
}).returns<typeof ZSubscriberResendResponse>();

/** POST /subscribe/:slug/unsubscribe */
export const subscribersUnsubscribe = endpoint('POST', '/subscribe/:slug/unsubscribe', {
  params: ZStationSlugParams,
  body: ZUnsubscribeRequest,
}).returns<typeof ZMessageResponse>();

/** The area's entries by name. */
export const subscribersEndpoints = {
  info: subscribersInfo,
  register: subscribersRegister,
  verify: subscribersVerify,
  resend: subscribersResend,
  unsubscribe: subscribersUnsubscribe,
};
