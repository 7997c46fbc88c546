// Desktop agent releases: the public list and notes (/api/releases), and the zip downloads for
// signed-in staff (/admin/api/download/app/{version}, /admin/api/download/app-pilot).
import {
  APP_PILOT_VERSION,
  ZErrorResponse,
  ZReleaseList,
  ZReleaseNotes,
  ZReleaseNotesQuery,
  ZReleaseParams,
} from '@message-station/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { listReleases, openReleaseZip, releaseNotes } from './service.js';

/** What these routes use from the app, handed over as the plugin's options. */
export type TReleaseRoutesDeps = Pick<TAppContext, 'config' | 'guards'>;

export const releaseRoutes: FastifyPluginAsyncZod<TReleaseRoutesDeps> = async (fastify, deps) => {
  // These services read only the configuration (the releases folder), not the request.
  const context = { config: deps.config };

  fastify.get(
    '/api/releases',
    {
      schema: {
        tags: ['releases'],
        summary: 'Versions of the desktop agent, newest first',
        response: { 200: ZReleaseList },
      },
    },
    async () => ({ releases: await listReleases(context) }),
  );

  fastify.get(
    '/api/releases/:version',
    {
      schema: {
        tags: ['releases'],
        summary: 'Release notes (Markdown) and details of one version',
        params: ZReleaseParams,
        querystring: ZReleaseNotesQuery,
        response: { 200: ZReleaseNotes, 404: ZErrorResponse },
      },
    },
    async (request) =>
      releaseNotes(context, { version: request.params.version, language: request.query.language }),
  );

  const sendZip = async (reply: FastifyReply, version: string) => {
    const zip = await openReleaseZip(context, version);
    return reply
      .type('application/zip')
      .header('content-length', zip.size)
      .header('content-disposition', `attachment; filename="${zip.fileName}"`)
      .send(zip.stream);
  };

  fastify.get(
    '/admin/api/download/app/:version',
    {
      onRequest: deps.guards.requireUser,
      schema: {
        tags: ['releases'],
        summary: "The desktop agent's zip of one version",
        params: ZReleaseParams,
      },
    },
    async (request, reply) => sendZip(reply, request.params.version),
  );

  fastify.get(
    '/admin/api/download/app-pilot',
    {
      onRequest: deps.guards.requireUser,
      schema: {
        tags: ['releases'],
        summary: `The App Pilot build (version ${APP_PILOT_VERSION})`,
      },
    },
    async (_request, reply) => sendZip(reply, APP_PILOT_VERSION),
  );
};
