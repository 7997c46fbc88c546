// /admin/api/templates: saved messages with `{fields}` and their translations. Any staff member
// uses, writes and corrects them (as messages); deleting one, which everyone relies on, is an admin's.
import {
  templatesCreate,
  templatesEditTranslation,
  templatesList,
  templatesRemove,
  templatesReviewTranslation,
  templatesUpdate,
  templatesUse,
  ZErrorResponse,
  ZMessage,
  ZOk,
  ZTemplate,
  ZTemplateIdParams,
  ZTemplateList,
} from '@message-station/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import {
  audit,
  auditParams,
  createdRule,
  paramView,
  replyId,
  type TAuditRule,
  viewLabel,
} from '../../platform/audit-rule.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
import { staffFacts } from '../../service-context.js';
import {
  correctTranslation,
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  reviewTranslation,
  templateAuditView,
  updateTemplate,
} from './service.js';
import { useTemplate } from './use.js';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const conflictErrors = { ...errors, 409: ZErrorResponse };

export type TTemplateRoutesDeps = Pick<
  TAppContext,
  'db' | 'events' | 'guards' | 'messageParts' | 'now' | 'translationQueue' | 'stationTranslation'
>;

/**
 * An edit or a deletion of the template: the handler hands it as it was, read under its lock in the
 * change's transaction, and as it is (`request.audit`).
 */
const templateChangeAudit = (action: string): TAuditRule => ({
  action,
  target: 'template',
  details: viewLabel('name'),
});
/** A template as staff change it, for the audit log. */
const templateAudit = (db: Db, action: string): TAuditRule => ({
  ...templateChangeAudit(action),
  view: paramView(db, getTemplate, templateAuditView),
});
/** An edit of one language of the template. */
const templateLanguageAudit = (db: Db, action: string): TAuditRule => ({
  ...templateAudit(db, action),
  details: (call, view) => ({ label: view?.name ?? null, language: auditParams(call).language ?? null }),
});

export const templateRoutes: FastifyPluginAsyncZod<TTemplateRoutesDeps> = async (fastify, deps) => {
  const context = (request: FastifyRequest) => ({
    ...staffFacts(deps, request),
    events: deps.events,
    translationQueue: deps.translationQueue,
    stationTranslation: deps.stationTranslation,
    messageParts: deps.messageParts,
  });
  const staff = { onRequest: deps.guards.requireUser };
  const tags = ['templates'];

  fastify.get(
    templatesList.path,
    {
      ...staff,
      schema: {
        tags,
        summary: "The station's templates by name, with their translations",
        response: { 200: ZTemplateList, ...errors },
      },
    },
    async (request) => listTemplates(context(request)),
  );

  fastify.post(
    templatesCreate.path,
    {
      config: audit(createdRule('template.created', 'template', 'name')),
      ...staff,
      schema: {
        tags,
        summary: "Save a template; it is translated into the station's languages before the answer",
        ...endpointSchema(templatesCreate),
        response: { 201: ZTemplate, ...conflictErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await createTemplate(context(request), request.body)),
  );

  fastify.get(
    '/admin/api/templates/:id',
    {
      ...staff,
      schema: {
        tags,
        summary: 'One template with its translations',
        params: ZTemplateIdParams,
        response: { 200: ZTemplate, ...errors },
      },
    },
    async (request) => getTemplate(context(request), request.params.id),
  );

  fastify.put(
    templatesUpdate.path,
    {
      config: audit(templateChangeAudit('template.updated')),
      ...staff,
      schema: {
        tags,
        summary:
          'Edit a template; a new original is translated again (a correction of the old one is kept aside)',
        ...endpointSchema(templatesUpdate),
        response: { 200: ZTemplate, ...conflictErrors },
      },
    },
    async (request) => updateTemplate(context(request), request.params.id, request.body, request.audit),
  );

  fastify.delete(
    templatesRemove.path,
    {
      config: audit(templateChangeAudit('template.deleted')),
      onRequest: deps.guards.requireAdmin,
      schema: {
        tags,
        summary: 'Delete a template (admins); messages made from it stay',
        ...endpointSchema(templatesRemove),
        response: { 200: ZOk, ...errors },
      },
    },
    async (request) => {
      await deleteTemplate(context(request), request.params.id, request.audit);
      return { ok: true as const };
    },
  );

  fastify.put(
    templatesEditTranslation.path,
    {
      config: audit(templateLanguageAudit(deps.db, 'template.translation_edited')),
      ...staff,
      schema: {
        tags,
        summary: "Correct a template's translation by hand, keeping its fields",
        ...endpointSchema(templatesEditTranslation),
        response: { 200: ZTemplate, ...errors },
      },
    },
    async (request) =>
      correctTranslation(
        context(request),
        request.params.id,
        request.params.language,
        request.body.translated_text,
      ),
  );

  fastify.post(
    templatesReviewTranslation.path,
    {
      config: audit(templateLanguageAudit(deps.db, 'template.translation_reviewed')),
      ...staff,
      schema: {
        tags,
        summary: "Mark a template's machine translation as reviewed by staff",
        ...endpointSchema(templatesReviewTranslation),
        response: { 200: ZTemplate, ...conflictErrors },
      },
    },
    async (request) => reviewTranslation(context(request), request.params.id, request.params.language),
  );

  fastify.post(
    templatesUse.path,
    {
      config: audit({
        ...templateAudit(deps.db, 'template.used'),
        details: (call, view) => ({ label: view?.name ?? null, message_id: replyId(call) ?? null }),
      }),
      ...staff,
      schema: {
        tags,
        summary: 'Use a template: its fields filled in every language make a new message',
        ...endpointSchema(templatesUse),
        response: { 201: ZMessage, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await useTemplate(context(request), request.params.id, request.body)),
  );
};
