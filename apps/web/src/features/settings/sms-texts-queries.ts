// The station's subscriber texts (confirmation and HELP per language): read and save one.
import type { TStationSmsTextRequest, TStationSmsTexts } from '@message-station/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import { getStationSmsTexts, saveStationSmsText } from '../../api/sms-texts';

export function useStationSmsTextsQuery() {
  return useQuery({
    queryKey: queryKeys.stationSmsTexts,
    queryFn: ({ signal }) => getStationSmsTexts(signal),
  });
}

export function useSaveStationSmsTextMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TStationSmsTextRequest) => saveStationSmsText(request),
    onSuccess: (texts) => queryClient.setQueryData<TStationSmsTexts>(queryKeys.stationSmsTexts, texts),
  });
}
