// The endpoint table (decision 0067): Message templates.
import type { ZOk } from '../auth.js';
import type { ZMessage } from '../messages.js';
import {
  type ZTemplate,
  ZTemplateIdParams,
  type ZTemplateList,
  ZTemplateRequest,
  ZTemplateTranslationEditRequest,
  ZTemplateTranslationParams,
  ZTemplateUseRequest,
} from '../templates.js';
import { endpoint } from './endpoint.js';

/** GET /admin/api/templates */
export const templatesList = endpoint('GET', '/admin/api/templates').returns<typeof ZTemplateList>();

/** POST /admin/api/templates */
export const templatesCreate = endpoint('POST', '/admin/api/templates', { body: ZTemplateRequest }).returns<
  typeof ZTemplate
>();

/** PUT /admin/api/templates/:id */
export const templatesUpdate = endpoint('PUT', '/admin/api/templates/:id', {
  params: ZTemplateIdParams,
  body: ZTemplateRequest,
}).returns<typeof ZTemplate>();

/** DELETE /admin/api/templates/:id */
export const templatesRemove = endpoint('DELETE', '/admin/api/templates/:id', {
  params: ZTemplateIdParams,
}).returns<typeof ZOk>();

/** PUT /admin/api/templates/:id/translations/:language */
export const templatesEditTranslation = endpoint('PUT', '/admin/api/templates/:id/translations/:language', {
  params: ZTemplateTranslationParams,
  body: ZTemplateTranslationEditRequest,
}).returns<typeof ZTemplate>();

/** POST /admin/api/templates/:id/translations/:language/review */
export const templatesReviewTranslation = endpoint(
  'POST',
  '/admin/api/templates/:id/translations/:language/review',
  { params: ZTemplateTranslationParams },
).returns<typeof ZTemplate>();

/** POST /admin/api/templates/:id/messages */
export const templatesUse = endpoint('POST', '/admin/api/templates/:id/messages', {
  params: ZTemplateIdParams,
  body: ZTemplateUseRequest,
}).returns<typeof ZMessage>();

/** The area's entries by name. */
export const templatesEndpoints = {
  list: templatesList,
  create: templatesCreate,
  update: templatesUpdate,
  remove: templatesRemove,
  editTranslation: templatesEditTranslation,
  reviewTranslation: templatesReviewTranslation,
  use: templatesUse,
};
