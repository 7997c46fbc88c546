// Settings state: the station's settings and message types, Save All Settings and the logo upload.
import type { TStationSettings, TStationSettingsResponse } from '@message-station/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import {
  getStationSettings,
  updateMessageType,
  updateStationSettings,
  uploadStationLogo,
} from '../../api/settings';
import { getMessageTypes } from '../../api/sms-contacts';
import {
  messageTypeUpdateFrom,
  requestFrom,
  type TMessageTypeDraft,
  type TSettingsDraft,
} from './settings-draft';

export function useStationSettingsQuery() {
  return useQuery({
    queryKey: queryKeys.stationSettings,
    queryFn: ({ signal }) => getStationSettings(signal),
  });
}

/** Every type, inactive ones too: this is where they are switched back on. */
export function useMessageTypesQuery() {
  return useQuery({
    queryKey: queryKeys.messageTypes,
    queryFn: ({ signal }) => getMessageTypes(signal),
  });
}

export type TSaveOutcome = {
  settings: TStationSettingsResponse;
  /** How many message types the server refused; the station settings were saved all the same. */
  failedTypes: number;
};

type TSaveInput = { draft: TSettingsDraft; types: TMessageTypeDraft[] };

/** The settings first: if they are refused nothing else is sent, so one error explains the save. */
async function saveAllSettings({ draft, types }: TSaveInput): Promise<TSaveOutcome> {
  const settings = await updateStationSettings(requestFrom(draft));
  const results = await Promise.allSettled(
    types.map((type) => updateMessageType(type.id, messageTypeUpdateFrom(type))),
  );
  const failed = results.filter((result) => result.status === 'rejected');
  for (const failure of failed) console.error('Failed to save message type', failure.reason);
  return { settings, failedTypes: failed.length };
}

export function useSaveSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAllSettings,
    onSuccess: ({ settings }) => {
      const { moved_subscriptions: _subscriptions, moved_contacts: _contacts, ...saved } = settings;
      queryClient.setQueryData<TStationSettings>(queryKeys.stationSettings, saved);
      // The top bar shows the display name; other pages list the types and languages.
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminStation, exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.messageTypes });
      void queryClient.invalidateQueries({ queryKey: queryKeys.stationLanguages });
    },
  });
}

export function useUploadLogoMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadStationLogo,
    onSuccess: ({ logo_url }) => {
      queryClient.setQueryData<TStationSettings>(queryKeys.stationSettings, (settings) =>
        settings ? { ...settings, logo_url } : settings,
      );
      // The admin top bar shows the logo from the session.
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminStation, exact: true });
    },
  });
}
