// Settings → Translation: read and save the station's engines, test one, read coverage.
import type {
  TLanguageCode,
  TTranslationEnginesRequest,
  TTranslationEngineTestRequest,
  TTranslationSettings,
} from '@message-station/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import {
  getTranslationCoverage,
  getTranslationSettings,
  saveTranslationEngines,
  testTranslationEngine,
} from '../../../api/translation-settings';

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
      // The create form's coverage changes with the engines.
      void queryClient.invalidateQueries({ queryKey: queryKeys.translationCoverage });
    },
  });
}

export function useTestTranslationEngineMutation() {
  return useMutation({
    mutationFn: (request: TTranslationEngineTestRequest) => testTranslationEngine(request),
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
