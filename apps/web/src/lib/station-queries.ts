// The station's data several pages read (settings, message types, languages, translation coverage,
// users): one query each, shared through the query cache (docs/decisions/0068-forms-widgets-and-validation-codes.md).
import type { TLanguageCode, TStationUser } from '@message-station/shared';
import { useQuery } from '@tanstack/react-query';
import { getAdminStation } from '../api/messages';
import { queryKeys } from '../api/query-keys';
import { getMessageTypes, getStationLanguages, typesInUiLanguage } from '../api/sms-contacts';
import { getTranslationCoverage } from '../api/translation-settings';
import { listUsers } from '../api/users';
import { useUiLanguage } from '../i18n/use-ui-language';

/** Every type of the station, inactive ones too: an old message keeps its type's badge. */
export function useAllMessageTypesQuery() {
  const language = useUiLanguage();
  return useQuery({
    queryKey: queryKeys.messageTypes,
    queryFn: ({ signal }) => getMessageTypes(signal),
    select: (types) => typesInUiLanguage(types, language),
  });
}

export function useAdminStationQuery() {
  return useQuery({
    queryKey: queryKeys.adminStation,
    queryFn: ({ signal }) => getAdminStation(signal),
  });
}

export function useStationLanguagesQuery() {
  return useQuery({
    queryKey: queryKeys.stationLanguages,
    queryFn: ({ signal }) => getStationLanguages(signal),
    select: (languages) => languages.filter((language) => language.is_active),
  });
}

/** A list that cannot load shows as empty; the failure is only logged. */
async function loadUsers(signal: AbortSignal): Promise<TStationUser[]> {
  try {
    return await listUsers(signal);
  } catch (error) {
    if (signal.aborted) throw error;
    console.error('Failed to load users', error);
    return [];
  }
}

export function useUsersQuery() {
  return useQuery({
    queryKey: queryKeys.users,
    queryFn: ({ signal }) => loadUsers(signal),
  });
}

/** Which engine covers each of the station's languages from `from` (all staff may read it). */
export function useTranslationCoverageQuery(from: TLanguageCode, enabled = true) {
  return useQuery({
    queryKey: [...queryKeys.translationCoverage, from],
    queryFn: ({ signal }) => getTranslationCoverage(from, signal),
    enabled,
  });
}
