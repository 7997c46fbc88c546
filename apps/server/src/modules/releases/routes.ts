// Desktop agent releases: the public list and notes (/api/releases), and the archive downloads for
// signed-in staff (/admin/api/download/app/{version}?platform=…, /admin/api/download/app-pilot).
import {
  APP_PILOT_VERSION,
  machinesAppPilot,
  machinesRelease,
  publicReleaseNotes,
  publicReleases,
  releaseZipName,
  type TAgentDownload,
  ZErrorResponse,
  ZReleaseList,
  ZReleaseNotes,
} from '@message-station/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
import { listReleases, openReleaseZip, releaseNotes } from './service.js';

/** What these routes use from the app, handed over as the plugin's options. */
export type TReleaseRoutesDeps = Pick<TAppContext, 'config' | 'guards'>;

export const releaseRoutes: FastifyPluginAsyncZod<TReleaseRoutesDeps> = async (fastify, deps) => {
  // These services read only the configuration (the releases folder), not the request.
  const context = { config: deps.config };

  fastify.get(
    publicReleases.path,
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
    publicReleaseNotes.path,
    {
      schema: {
        tags: ['releases'],
        summary: 'Release notes (Markdown) and details of one version',
        ...endpointSchema(publicReleaseNotes),
        response: { 200: ZReleaseNotes, 404: ZErrorResponse },
      },
    },
    async (request) =>
      releaseNotes(context, { version: request.params.version, language: request.query.language }),
  );

  const sendZip = async (
    reply: FastifyReply,
    input: { version: string; platform?: TAgentDownload; savedAs?: string },
  ) => {
    const zip = await openReleaseZip(context, input);
    return reply
      .type('application/zip')
      .header('content-length', zip.size)
      .header('content-disposition', `attachment; filename="${zip.fileName}"`)
      .send(zip.stream);
  };

  fastify.get(
    machinesRelease.path,
    {
      onRequest: deps.guards.requireUser,
      schema: {
        tags: ['releases'],
        summary:
          "One version of the desktop agent: a platform's single executable, or the script bundle's zip (no platform)",
        ...endpointSchema(machinesRelease),
      },
    },
    async (request, reply) =>
      sendZip(reply, { version: request.params.version, platform: request.query.platform }),
  );

  fastify.get(
    machinesAppPilot.path,
    {
      onRequest: deps.guards.requireUser,
      schema: {
        tags: ['releases'],
        summary: `The App Pilot build: the macOS single executable of version ${APP_PILOT_VERSION}`,
      },
    },
    async (_request, reply) =>
      sendZip(reply, {
        version: APP_PILOT_VERSION,
        platform: 'macos-x64',
        savedAs: releaseZipName(APP_PILOT_VERSION),
      }),
  );
};
