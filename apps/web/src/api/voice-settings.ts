// Typed calls for Settings → Voice: the station's server voices, choosing them, and "Listen".
import {
  stationSaveVoices,
  stationVoiceSample,
  stationVoices,
  type TVoiceSampleRequest,
  type TVoiceSettings,
  type TVoiceSettingsUpdate,
} from '@message-station/shared';
import { call, endpointUrl } from './call';
import { fetchFile } from './file-download';

export function getVoiceSettings(signal?: AbortSignal): Promise<TVoiceSettings> {
  return call(stationVoices, { signal });
}

/** Sets the voice of the languages listed (`voice: null` goes back to the default); all or nothing. */
export function saveVoiceSettings(update: TVoiceSettingsUpdate): Promise<TVoiceSettings> {
  return call(stationSaveVoices, { body: update });
}

/** The sample sentence in that language and voice, as MP3 or WAV. */
export async function fetchVoiceSample(request: TVoiceSampleRequest): Promise<Blob> {
  return (await fetchFile(endpointUrl(stationVoiceSample), { body: request })).blob;
}
