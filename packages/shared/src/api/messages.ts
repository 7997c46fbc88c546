// The endpoint table (decision 0067): Messages and their translations.
import type { ZOk } from '../auth.js';
import { ZMessageIdParams } from '../id-params.js';
import {
  type ZBackTranslation,
  ZCorrectionChoiceRequest,
  type ZMessage,
  type ZMessageList,
  ZMessageRequest,
  ZMessagesQuery,
  ZPhraseMessageRequest,
  ZTranslationEditRequest,
  ZTranslationParams,
} from '../messages.js';
import { endpoint } from './endpoint.js';

/** GET /admin/api/messages */
export const messagesList = endpoint('GET', '/admin/api/messages', { query: ZMessagesQuery }).returns<
  typeof ZMessageList
>();

/** POST /admin/api/messages */
export const messagesCreate = endpoint('POST', '/admin/api/messages', { body: ZMessageRequest }).returns<
  typeof ZMessage
>();

/** POST /admin/api/messages/phrasebook */
export const messagesFromPhrasebook = endpoint('POST', '/admin/api/messages/phrasebook', {
  body: ZPhraseMessageRequest,
}).returns<typeof ZMessage>();

/** PUT /admin/api/messages/:id */
export const messagesUpdate = endpoint('PUT', '/admin/api/messages/:id', {
  params: ZMessageIdParams,
  body: ZMessageRequest,
}).returns<typeof ZMessage>();

/** DELETE /admin/api/messages/:id */
export const messagesRemove = endpoint('DELETE', '/admin/api/messages/:id', {
  params: ZMessageIdParams,
}).returns<typeof ZOk>();

/** PUT /admin/api/messages/:id/translations/:language */
export const messagesEditTranslation = endpoint('PUT', '/admin/api/messages/:id/translations/:language', {
  params: ZTranslationParams,
  body: ZTranslationEditRequest,
}).returns<typeof ZMessage>();

/** POST /admin/api/messages/:id/translations/:language/review */
export const messagesReviewTranslation = endpoint(
  'POST',
  '/admin/api/messages/:id/translations/:language/review',
  { params: ZTranslationParams },
).returns<typeof ZMessage>();

/** POST /admin/api/messages/:id/translations/:language/choose */
export const messagesChooseCorrection = endpoint(
  'POST',
  '/admin/api/messages/:id/translations/:language/choose',
  { params: ZTranslationParams, body: ZCorrectionChoiceRequest },
).returns<typeof ZMessage>();

/** POST /admin/api/messages/:id/translations/:language/back-translation */
export const messagesBackTranslation = endpoint(
  'POST',
  '/admin/api/messages/:id/translations/:language/back-translation',
  { params: ZTranslationParams },
).returns<typeof ZBackTranslation>();

/** The area's entries by name. */
export const messagesEndpoints = {
  list: messagesList,
  create: messagesCreate,
  fromPhrasebook: messagesFromPhrasebook,
  update: messagesUpdate,
  remove: messagesRemove,
  editTranslation: messagesEditTranslation,
  reviewTranslation: messagesReviewTranslation,
  chooseCorrection: messagesChooseCorrection,
  backTranslation: messagesBackTranslation,
};
