// /admin/api/templates: saved messages with `{fields}` and their translations. Any staff member
// uses, writes and corrects them (as messages); deleting one, which everyone relies on, is an admin's.
import {
  ZErrorResponse,
  ZMessage,
  ZOk,
  ZTemplate,
  ZTemplateIdParams,
  ZTemplateList,
  ZTemplateRequest,
  ZTemplateTranslationEditRequest,
  ZTemplateTranslationParams,
  ZTemplateUseRequest,
} from '@message-station/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { staffFacts } from '../../service-context.js';
import {
  correctTranslation,
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  reviewTranslation,
  updateTemplate,
} from './service.js';
import { useTemplate } from './use.js';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const conflictErrors = { ...errors, 409: ZErrorResponse };

export type TTemplateRoutesDeps = Pick<
  TAppContext,
  'db' | 'events' | 'guards' | 'now' | 'translationQueue' | 'stationTranslation'
>;

export const templateRoutes: FastifyPluginAsyncZod<TTemplateRoutesDeps> = async (fastify, deps) => {
  const context = (request: FastifyRequest) => ({
    ...staffFacts(deps, request),
    events: deps.events,
    translationQueue: deps.translationQueue,
    stationTranslation: deps.stationTranslation,
  });
  const staff = { onRequest: deps.guards.requireUser };
  const tags = ['templates'];

  fastify.get(
    '/admin/api/templates',
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
    '/admin/api/templates',
    {
      ...staff,
      schema: {
        tags,
        summary: "Save a template; it is translated into the station's languages before the answer",
        body: ZTemplateRequest,
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
    '/admin/api/templates/:id',
    {
      ...staff,
      schema: {
        tags,
        summary:
          'Edit a template; a new original is translated again (a correction of the old one is kept aside)',
        params: ZTemplateIdParams,
        body: ZTemplateRequest,
        response: { 200: ZTemplate, ...conflictErrors },
      },
    },
    async (request) => updateTemplate(context(request), request.params.id, request.body),
  );

  fastify.delete(
    '/admin/api/templates/:id',
    {
      onRequest: deps.guards.requireAdmin,
      schema: {
        tags,
        summary: 'Delete a template (admins); messages made from it stay',
        params: ZTemplateIdParams,
        response: { 200: ZOk, ...errors },
      },
    },
    async (request) => {
      await deleteTemplate(context(request), request.params.id);
      return { ok: true as const };
    },
  );

  fastify.put(
    '/admin/api/templates/:id/translations/:language',
    {
      ...staff,
      schema: {
        tags,
        summary: "Correct a template's translation by hand, keeping its fields",
        params: ZTemplateTranslationParams,
        body: ZTemplateTranslationEditRequest,
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
    '/admin/api/templates/:id/translations/:language/review',
    {
      ...staff,
      schema: {
        tags,
        summary: "Mark a template's machine translation as reviewed by staff",
        params: ZTemplateTranslationParams,
        response: { 200: ZTemplate, ...conflictErrors },
      },
    },
    async (request) => reviewTranslation(context(request), request.params.id, request.params.language),
  );

  fastify.post(
    '/admin/api/templates/:id/messages',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Use a template: its fields filled in every language make a new message',
        params: ZTemplateIdParams,
        body: ZTemplateUseRequest,
        response: { 201: ZMessage, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await useTemplate(context(request), request.params.id, request.body)),
  );
};
