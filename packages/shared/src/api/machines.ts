// The endpoint table (decision 0067): Playout machines (desktop agents), message audio and the agent's downloads.
import { ZAudioQuery, type ZClientsResponse, ZPlaybackRequest, type ZPlaybackResponse } from '../agent.js';
import { ZMessageIdParams } from '../id-params.js';
import { ZReleaseDownloadQuery, ZReleaseParams } from '../releases.js';
import { endpoint, type TFileReply } from './endpoint.js';

/** GET /admin/api/clients */
export const machinesClients = endpoint('GET', '/admin/api/clients').returns<typeof ZClientsResponse>();

/** POST /admin/api/messages/:id/play */
export const machinesPlay = endpoint('POST', '/admin/api/messages/:id/play', {
  params: ZMessageIdParams,
  body: ZPlaybackRequest,
}).returns<typeof ZPlaybackResponse>();

/** POST /admin/api/messages/:id/stop */
export const machinesStop = endpoint('POST', '/admin/api/messages/:id/stop', {
  params: ZMessageIdParams,
  body: ZPlaybackRequest,
}).returns<typeof ZPlaybackResponse>();

/** POST /admin/api/messages/:id/export */
export const machinesExport = endpoint('POST', '/admin/api/messages/:id/export', {
  params: ZMessageIdParams,
  body: ZPlaybackRequest,
}).returns<typeof ZPlaybackResponse>();

/** GET /admin/api/messages/:id/audio */
export const machinesAudio = endpoint('GET', '/admin/api/messages/:id/audio', {
  params: ZMessageIdParams,
  query: ZAudioQuery,
}).returns<TFileReply>();

/** GET /admin/api/download/app/:version */
export const machinesRelease = endpoint('GET', '/admin/api/download/app/:version', {
  params: ZReleaseParams,
  query: ZReleaseDownloadQuery,
}).returns<TFileReply>();

/** GET /admin/api/download/app-pilot */
export const machinesAppPilot = endpoint('GET', '/admin/api/download/app-pilot').returns<TFileReply>();

/** The area's entries by name. */
export const machinesEndpoints = {
  clients: machinesClients,
  play: machinesPlay,
  stop: machinesStop,
  export: machinesExport,
  audio: machinesAudio,
  release: machinesRelease,
  appPilot: machinesAppPilot,
};
