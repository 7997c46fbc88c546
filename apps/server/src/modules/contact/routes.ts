// POST /api/contact: the public form (bot check) and /admin/contact (signed in).
import { publicContact, ZContactResponse, ZErrorResponse } from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
import { requestFacts } from '../../service-context.js';
import { submitContact } from './service.js';

/** What these routes use from the app, handed over as the plugin's options. */
export type TContactRoutesDeps = Pick<TAppContext, 'config' | 'db' | 'email' | 'now' | 'sessions'>;

export const contactRoutes: FastifyPluginAsyncZod<TContactRoutesDeps> = async (fastify, deps) => {
  fastify.post(
    publicContact.path,
    {
      config: { rateLimit: { max: 5, timeWindow: 15 * 60_000 } },
      schema: {
        tags: ['public'],
        summary: 'Send a message to support (emailed to the support address)',
        ...endpointSchema(publicContact),
        response: {
          200: ZContactResponse,
          400: ZErrorResponse,
          429: ZErrorResponse,
          503: ZErrorResponse,
        },
      },
    },
    async (request) =>
      submitContact(
        {
          ...requestFacts(deps, request),
          config: deps.config,
          email: deps.email,
          auth: (await deps.sessions.getAuth(request)) ?? undefined,
        },
        request.body,
      ),
  );
};
