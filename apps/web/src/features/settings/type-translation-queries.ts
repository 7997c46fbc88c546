// Message type wording per language: read every type in every language, save one language's.
import type { TTypeTranslation } from '@message-station/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import { getTypeTranslations, saveTypeTranslation } from '../../api/type-translations';

/** Under the message types' key: saving a type (Save All) refreshes the translations too. */
export const TYPE_TRANSLATIONS_KEY = [...queryKeys.messageTypes, 'translations'] as const;

export function useTypeTranslationsQuery() {
  return useQuery({
    queryKey: TYPE_TRANSLATIONS_KEY,
    queryFn: ({ signal }) => getTypeTranslations(signal),
  });
}

/** One after the other, so a refusal names the first type it stopped at and nothing after it is sent. */
async function saveAll(rows: TTypeTranslation[]) {
  for (const row of rows) {
    await saveTypeTranslation(row.message_type_id, row.language, {
      display_name: row.display_name,
      description: row.description,
    });
  }
}

export function useSaveTypeTranslationsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAll,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.messageTypes }),
  });
}
