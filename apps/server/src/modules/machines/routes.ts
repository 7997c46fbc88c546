// Machines: the desktop agents' WebSocket, the live list of connected machines for the
// Machines page, and Play / Stop / Export of a message on one of them.
import {
  AGENT_WS_PATH,
  machinesClients,
  ZClientsResponse,
  ZErrorResponse,
  ZMessageIdParams,
  ZPlaybackRequest,
  ZPlaybackResponse,
} from '@message-station/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { audit } from '../../platform/audit-rule.js';
import { AppError } from '../../platform/errors.js';
import { authOf } from '../../platform/guards.js';
import { openEventStream } from '../../platform/sse.js';
import { staffFacts } from '../../service-context.js';
import { playbackAudit } from '../messages/audit-service.js';
import { getMessage, refuseUnapprovedById } from '../messages/service.js';
import { authenticateApiKey, INVALID_API_KEY } from '../users/service.js';
import type { TAgentOwner, TCommandAction } from './hub.js';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  502: ZErrorResponse,
  503: ZErrorResponse,
  504: ZErrorResponse,
};

const SUMMARY: Record<TCommandAction, string> = {
  play: 'Speaks the message on a machine: the original, then each translation',
  stop: 'Stops playback of the message on a machine',
  export: 'Has a machine write one audio file per language; answers the folder',
};

/** What these routes use from the app, handed over as the plugin's options. */
/** The audit log's code of each command. */
const ACTION_CODE = { play: 'message.played', stop: 'message.stopped', export: 'message.exported' } as const;

export type TMachineRoutesDeps = Pick<
  TAppContext,
  'agents' | 'db' | 'events' | 'guards' | 'limits' | 'messageParts' | 'now' | 'onShutdown'
>;

export const machineRoutes: FastifyPluginAsyncZod<TMachineRoutesDeps> = async (fastify, deps) => {
  const hub = deps.agents;
  const owners = new WeakMap<FastifyRequest, TAgentOwner>();

  fastify.get(
    AGENT_WS_PATH,
    {
      websocket: true,
      schema: {
        tags: ['agent'],
        summary: 'The desktop agent’s WebSocket (headers X-Station-ID and Authorization: Bearer)',
        hide: false,
      },
      // The key is checked before the upgrade: a refused agent gets a plain 401/403 answer.
      onRequest: async (request) => {
        const stationSlug = request.headers['x-station-id'];
        const apiKey = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
        if (typeof stationSlug !== 'string' || !apiKey) throw new AppError('invalid_api_key');
        const who = await authenticateApiKey(deps.db, { stationSlug, apiKey, at: deps.now() });
        await deps.limits.assertApiKeyAllowed(who.keyId);
        owners.set(request, {
          keyId: who.keyId,
          userId: who.userId,
          stationId: who.stationId,
          stationSlug: who.stationSlug,
          stationName: who.stationName,
          fullName: who.fullName,
          email: who.email,
        });
      },
    },
    (socket, request) => {
      const owner = owners.get(request);
      if (!owner) {
        socket.close(4401, INVALID_API_KEY);
        return;
      }
      hub.attach(socket, owner);
    },
  );

  const guard = { onRequest: deps.guards.requireUser };

  fastify.get(
    machinesClients.path,
    {
      ...guard,
      schema: {
        tags: ['machines'],
        summary: "The station's connected machines",
        response: { 200: ZClientsResponse, 401: ZErrorResponse },
      },
    },
    async (request) => ({ clients: await hub.list(authOf(request).stationId) }),
  );

  fastify.get(
    '/admin/api/clients/stream',
    {
      ...guard,
      schema: {
        tags: ['machines'],
        summary:
          'Live machine list (text/event-stream): connected, client_connected, client_disconnected, client_updated',
      },
    },
    async (request, reply) => {
      const { stationId } = authOf(request);
      const clients = await hub.list(stationId);
      openEventStream(request, reply, {
        events: deps.events,
        key: `clients:${stationId}`,
        first: { event: 'connected', data: { clients } },
        onShutdown: deps.onShutdown,
      });
    },
  );

  for (const action of ['play', 'stop', 'export'] as const) {
    fastify.post(
      `/admin/api/messages/:id/${action}`,
      {
        config: audit(playbackAudit(deps.db, ACTION_CODE[action])),
        ...guard,
        schema: {
          tags: ['machines'],
          summary: SUMMARY[action],
          params: ZMessageIdParams,
          body: ZPlaybackRequest,
          response: { 200: ZPlaybackResponse, ...errors },
        },
      },
      async (request) => {
        const context = staffFacts(deps, request);
        const { stationId } = context;
        // The message must be this station's before anything reaches a machine.
        await getMessage({ ...context, messageParts: deps.messageParts }, request.params.id);
        // Speaking it is sending it: held until a second admin approved it (decision 0039).
        if (action === 'play') await refuseUnapprovedById(deps.db, stationId, request.params.id);
        const result = await hub.command(stationId, request.body.client_id, action, request.params.id);
        if (action === 'play')
          return { message: `Playing on ${result.clientName}`, status: 'playing' as const };
        if (action === 'stop')
          return { message: `Stopped on ${result.clientName}`, status: 'stopped' as const };
        return {
          message: `Exported to ${result.clientName}: ${result.exportPath ?? 'unknown location'}`,
          export_path: result.exportPath,
          files: result.files,
        };
      },
    );
  }
};
