// Settings state: the station's settings and message types, and each tab's save (the logo too).
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
  type TDraftTab,
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
  /** Why the chosen logo was not saved (the settings were); null when saved or none was chosen. */
  logoError: Error | null;
  tab: TDraftTab;
};

type TSaveInput = {
  /** The settings to send: the saved ones with the tab's fields from the draft (tabRequestDraft). */
  draft: TSettingsDraft;
  /** The message types, sent only by the Message Types tab's save. */
  types?: TMessageTypeDraft[];
  /** The tab that saved, for the outcome to be shown on. */
  tab: TDraftTab;
};

/** The chosen logo, uploaded after the settings; its new address, or why it failed. */
async function saveLogo(logo: File | undefined): Promise<{ logoUrl?: string; logoError: Error | null }> {
  if (!logo) return { logoError: null };
  try {
    return { logoUrl: (await uploadStationLogo(logo)).logo_url, logoError: null };
  } catch (error) {
    console.error('Failed to upload the station logo', error);
    return { logoError: error instanceof Error ? error : new Error(String(error)) };
  }
}

/**
 * The settings first: if they are refused nothing else is sent, so one error explains the save.
 * Then the logo chosen since the last save (Branding), or every type (Message Types): a type is
 * only ever sent from its own tab, so saving another tab does not count as reviewing the types.
 */
async function saveSettingsTab({ draft, types = [], tab }: TSaveInput): Promise<TSaveOutcome> {
  const settings = await updateStationSettings(requestFrom(draft));
  const { logoUrl, logoError } = await saveLogo(draft.logo);
  const results = await Promise.allSettled(
    types.map((type) => updateMessageType(type.id, messageTypeUpdateFrom(type))),
  );
  const failed = results.filter((result) => result.status === 'rejected');
  for (const failure of failed) console.error('Failed to save message type', failure.reason);
  return {
    settings: logoUrl ? { ...settings, logo_url: logoUrl } : settings,
    failedTypes: failed.length,
    logoError,
    tab,
  };
}

/** Everything the tab sent was saved; otherwise the bar shows what failed. */
export function savedFully(outcome: TSaveOutcome | undefined): boolean {
  return outcome !== undefined && outcome.failedTypes === 0 && outcome.logoError === null;
}

export function useSaveSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettingsTab,
    onSuccess: ({ settings }) => {
      const { moved_subscriptions: _subscriptions, moved_contacts: _contacts, ...saved } = settings;
      queryClient.setQueryData<TStationSettings>(queryKeys.stationSettings, saved);
      // The top bar shows the display name and the logo; other pages list the types and languages.
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminStation, exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.messageTypes });
      void queryClient.invalidateQueries({ queryKey: queryKeys.stationLanguages });
    },
  });
}
