// Typed calls for the station's machines: the connected desktop apps, the commands
// that play, stop and export a message on one of them, and a message's audio rendered by the
// server for stations without the desktop app.
import {
  machinesAudio,
  machinesClients,
  machinesExport,
  machinesPlay,
  machinesStop,
  type TAudioFormat,
  type TConnectedClient,
  type TPlaybackResponse,
} from '@message-station/shared';
import { call, endpointUrl, type TQueryOf } from './call';
import { fetchFile, type TDownloadedFile } from './file-download';

/** Server-sent events: connected, client_connected, client_disconnected, client_updated. */
export const CLIENTS_STREAM_URL = '/admin/api/clients/stream';

export type TMachineCommand = 'play' | 'stop' | 'export';

const COMMANDS = { play: machinesPlay, stop: machinesStop, export: machinesExport } as const;

export async function listClients(signal?: AbortSignal): Promise<TConnectedClient[]> {
  const reply = await call(machinesClients, { signal });
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
  return call(COMMANDS[command], { params: { id: messageId }, body: { client_id: clientId } });
}

export type TAudioRequest = { lang: string; format: TAudioFormat; timeZone?: string };

/** The message spoken in one language, named by the broadcast ID template in `timeZone`. */
export function downloadMessageAudio(messageId: string, request: TAudioRequest): Promise<TDownloadedFile> {
  const query = { lang: request.lang, format: request.format, tz: request.timeZone };
  return fetchFile(
    endpointUrl(machinesAudio, { params: { id: messageId }, query: query as TQueryOf<typeof machinesAudio> }),
  );
}
