// Typed calls for Settings → Voice: the station's server voices, choosing them, and "Listen".
import type { TVoiceSampleRequest, TVoiceSettings, TVoiceSettingsUpdate } from '@message-station/shared';
import { api } from './client';
import { fetchFile } from './file-download';

const PATH = '/admin/api/settings/voice';

export function getVoiceSettings(signal?: AbortSignal): Promise<TVoiceSettings> {
  return api<TVoiceSettings>(PATH, { signal });
}

/** Sets the voice of the languages listed (`voice: null` goes back to the default); all or nothing. */
export function saveVoiceSettings(update: TVoiceSettingsUpdate): Promise<TVoiceSettings> {
  return api<TVoiceSettings>(PATH, { method: 'PUT', body: update });
}

/** The sample sentence in that language and voice, as MP3 or WAV. */
export async function fetchVoiceSample(request: TVoiceSampleRequest): Promise<Blob> {
  return (await fetchFile(`${PATH}/sample`, { body: request })).blob;
}
