// Typed calls for the station's machines (spec §7 Admin): the connected desktop apps, the commands
// that play, stop and export a message on one of them, and a message's audio rendered by the
// server for stations without the desktop app.
import type { TAudioFormat, TConnectedClient, TPlaybackResponse } from '@message-station/shared';
import { api } from './client';
import { fetchFile, type TDownloadedFile } from './file-download';

export const CLIENTS_PATH = '/admin/api/clients';
/** Server-sent events: connected, client_connected, client_disconnected, client_updated. */
export const CLIENTS_STREAM_URL = '/admin/api/clients/stream';

export type TMachineCommand = 'play' | 'stop' | 'export';

function messagePath(id: string): string {
  return `/admin/api/messages/${encodeURIComponent(id)}`;
}

export async function listClients(signal?: AbortSignal): Promise<TConnectedClient[]> {
  const reply = await api<{ clients: TConnectedClient[] }>(CLIENTS_PATH, { signal });
  return reply.clients;
}

/**
 * Sends a command to the machine and answers once it acknowledged. Refusals carry the words to
 * show: 'Please select a machine', '{name} is not connected…', '{name} did not answer in time.'
 */
export function sendMachineCommand(
  command: TMachineCommand,
  messageId: string,
  clientId: string,
): Promise<TPlaybackResponse> {
  return api<TPlaybackResponse>(`${messagePath(messageId)}/${command}`, {
    method: 'POST',
    body: { client_id: clientId },
  });
}

export type TAudioRequest = { lang: string; format: TAudioFormat; timeZone?: string };

/** The message spoken in one language, named by the broadcast ID template in `timeZone`. */
export function downloadMessageAudio(messageId: string, request: TAudioRequest): Promise<TDownloadedFile> {
  const params = new URLSearchParams({ lang: request.lang, format: request.format });
  if (request.timeZone) params.set('tz', request.timeZone);
  return fetchFile(`${messagePath(messageId)}/audio?${params.toString()}`);
}
