// Settings → Translation: read and save the station's engines, test one, read the coverage of
// every product language for Settings' Supported Languages (the station's: lib/station-queries.ts).
import type {
  TLanguageCode,
  TTranslationEnginesRequest,
  TTranslationEngineTestRequest,
  TTranslationSettings,
} from '@message-station/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import {
  getAllLanguagesCoverage,
  getTranslationSettings,
  saveTranslationEngines,
  testTranslationEngine,
} from '../../../api/translation-settings';

/** [...allLanguagesKey, from]: every product language's coverage from one language. */
const allLanguagesKey = [...queryKeys.translationSettings, 'languages'] as const;

export function useTranslationSettingsQuery() {
  return useQuery({
    queryKey: queryKeys.translationSettings,
    queryFn: ({ signal }) => getTranslationSettings(signal),
  });
}

export function useSaveTranslationEnginesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TTranslationEnginesRequest) => saveTranslationEngines(request),
    onSuccess: (settings) => {
      queryClient.setQueryData<TTranslationSettings>(queryKeys.translationSettings, settings);
      // The create form's coverage changes with the engines, and so do Settings' language marks.
      void queryClient.invalidateQueries({ queryKey: queryKeys.translationCoverage });
      void queryClient.invalidateQueries({ queryKey: allLanguagesKey });
    },
  });
}

export function useTestTranslationEngineMutation() {
  return useMutation({
    mutationFn: (request: TTranslationEngineTestRequest) => testTranslationEngine(request),
  });
}

/**
 * Every product language, ticked or not, as the station's engines (then the server's) cover it
 * from `from`, with the station's trust (admins: Settings → Station Branding's languages).
 */
export function useAllLanguagesCoverageQuery(from: TLanguageCode) {
  return useQuery({
    queryKey: [...allLanguagesKey, from],
    queryFn: ({ signal }) => getAllLanguagesCoverage(from, signal),
    staleTime: 60_000,
    retry: false,
  });
}
