// Settings → Voice: read the station's voices, save the choices, fetch a "Listen" sample.
import type { TVoiceSampleRequest, TVoiceSettings, TVoiceSettingsUpdate } from '@message-station/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { fetchVoiceSample, getVoiceSettings, saveVoiceSettings } from '../../../api/voice-settings';

export function useVoiceSettingsQuery() {
  return useQuery({ queryKey: queryKeys.voiceSettings, queryFn: ({ signal }) => getVoiceSettings(signal) });
}

export function useSaveVoiceSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: TVoiceSettingsUpdate) => saveVoiceSettings(update),
    onSuccess: (settings) => queryClient.setQueryData<TVoiceSettings>(queryKeys.voiceSettings, settings),
  });
}

export function useVoiceSampleMutation() {
  return useMutation({ mutationFn: (request: TVoiceSampleRequest) => fetchVoiceSample(request) });
}
