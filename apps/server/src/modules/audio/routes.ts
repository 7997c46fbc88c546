// GET /admin/api/messages/{id}/audio: one language of a message as a WAV or MP3 download.
// Settings → Voice: GET/PUT /admin/api/settings/voice, POST /admin/api/settings/voice/sample.
import {
  machinesAudio,
  stationSaveVoices,
  stationVoiceSample,
  stationVoices,
  ZErrorResponse,
  ZVoiceSettings,
} from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { audit, auditBody, auditStation, notAudited } from '../../platform/audit-rule.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
import { staffFacts } from '../../service-context.js';
import { renderMessageAudio } from './service.js';
import { createSpeechRenderer, type TSpeechRenderer } from './speech.js';
import { getVoiceSettings, renderVoiceSample, saveVoiceSettings } from './voice-service.js';

/**
 * What these routes use from the app, handed over as the plugin's options; `speech` defaults to the
 * renderer the configuration chooses.
 */
export type TAudioRoutesDeps = Pick<TAppContext, 'config' | 'db' | 'guards' | 'now'> & {
  speech?: TSpeechRenderer;
};

export const audioRoutes: FastifyPluginAsyncZod<TAudioRoutesDeps> = async (fastify, deps) => {
  // One renderer, so exports and samples share the fair queue.
  const speech = deps.speech ?? createSpeechRenderer(deps.config.speech);
  fastify.get(
    machinesAudio.path,
    {
      onRequest: deps.guards.requireUser,
      schema: {
        tags: ['messages'],
        summary:
          "One language of a message spoken by the server in the station's voice, as a WAV or MP3 download",
        ...endpointSchema(machinesAudio),
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

  fastify.get(
    stationVoices.path,
    {
      onRequest: deps.guards.requireUser,
      schema: {
        tags: ['station'],
        summary: "Each station language's server voices, the station's choice and the default",
        response: { 200: ZVoiceSettings },
      },
    },
    async (request) => getVoiceSettings({ ...staffFacts(deps, request), speech }),
  );

  fastify.put(
    stationSaveVoices.path,
    {
      config: audit({
        action: 'settings.voices_updated',
        target: 'station',
        targetId: auditStation,
        details: (call) => {
          const voices = (auditBody(call).voices ?? []) as { language?: unknown; voice?: unknown }[];
          return {
            label: voices.map((v) => `${String(v.language)}: ${v.voice ?? 'default'}`).join(', ') || '—',
          };
        },
      }),
      onRequest: deps.guards.requireAdmin,
      schema: {
        tags: ['station'],
        summary: 'Choose the voice of some languages (voice: null goes back to the default); all or nothing',
        ...endpointSchema(stationSaveVoices),
        response: { 200: ZVoiceSettings, 400: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request) => saveVoiceSettings({ ...staffFacts(deps, request), speech }, request.body),
  );

  fastify.post(
    stationVoiceSample.path,
    {
      config: notAudited('Renders a sample; changes nothing.'),
      onRequest: deps.guards.requireAdmin,
      schema: {
        tags: ['station'],
        summary: 'A short sample sentence in a language spoken by one voice (MP3 or WAV), for "Listen"',
        ...endpointSchema(stationVoiceSample),
      },
    },
    async (request, reply) => {
      const sample = await renderVoiceSample({ ...staffFacts(deps, request), speech }, request.body);
      return reply.type(sample.contentType).header('cache-control', 'no-store').send(sample.bytes);
    },
  );
};
