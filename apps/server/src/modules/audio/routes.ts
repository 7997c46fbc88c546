// GET /admin/api/messages/{id}/audio: one language of a message as a WAV or MP3 download.
import { ZAudioQuery, ZMessageIdParams } from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { staffFacts } from '../../service-context.js';
import { renderMessageAudio } from './service.js';
import { createSpeechRenderer, type TSpeechRenderer } from './speech.js';

/**
 * What these routes use from the app, handed over as the plugin's options; `speech` defaults to the
 * renderer the configuration chooses.
 */
export type TAudioRoutesDeps = Pick<TAppContext, 'config' | 'db' | 'guards' | 'now'> & {
  speech?: TSpeechRenderer;
};

export const audioRoutes: FastifyPluginAsyncZod<TAudioRoutesDeps> = async (fastify, deps) => {
  const speech = deps.speech ?? createSpeechRenderer(deps.config.speech);
  fastify.get(
    '/admin/api/messages/:id/audio',
    {
      onRequest: deps.guards.requireUser,
      schema: {
        tags: ['messages'],
        summary: 'One language of a message spoken by the server (espeak-ng), as a WAV or MP3 download',
        params: ZMessageIdParams,
        querystring: ZAudioQuery,
      },
    },
    async (request, reply) => {
      const audio = await renderMessageAudio(
        { ...staffFacts(deps, request), speech },
        {
          messageId: request.params.id,
          language: request.query.lang,
          format: request.query.format,
          timeZone: request.query.tz,
        },
      );
      return reply
        .type(audio.contentType)
        .header('content-disposition', `attachment; filename="${audio.fileName}"`)
        .header('cache-control', 'no-store')
        .send(audio.bytes);
    },
  );
};
