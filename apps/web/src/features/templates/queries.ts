// Templates state: the station's list and the changes staff make. A change puts the server's copy
// in the list; using a template adds a message, so the messages lists refresh too.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import {
  correctTemplateTranslation,
  createMessageFromTemplate,
  createTemplate,
  deleteTemplate,
  listTemplates,
  reviewTemplateTranslation,
  type TTemplate,
  type TTemplateInput,
  updateTemplate,
} from '../../api/templates';

export function useTemplatesQuery() {
  return useQuery({ queryKey: queryKeys.templates, queryFn: ({ signal }) => listTemplates(signal) });
}

function useTemplateSaved() {
  const queryClient = useQueryClient();
  return (template: TTemplate) => {
    queryClient.setQueryData<TTemplate[]>(queryKeys.templates, (list) =>
      list?.some((t) => t.id === template.id)
        ? list.map((t) => (t.id === template.id ? template : t))
        : [...(list ?? []), template],
    );
    return queryClient.invalidateQueries({ queryKey: queryKeys.templates });
  };
}

export function useSaveTemplateMutation() {
  const saved = useTemplateSaved();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TTemplateInput }) =>
      id ? updateTemplate(id, input) : createTemplate(input),
    onSuccess: (template) => saved(template),
  });
}

export function useCorrectTemplateTranslationMutation() {
  const saved = useTemplateSaved();
  return useMutation({
    mutationFn: ({ id, language, text }: { id: string; language: string; text: string }) =>
      correctTemplateTranslation(id, language, text),
    onSuccess: (template) => saved(template),
  });
}

export function useReviewTemplateTranslationMutation() {
  const saved = useTemplateSaved();
  return useMutation({
    mutationFn: ({ id, language }: { id: string; language: string }) =>
      reviewTemplateTranslation(id, language),
    onSuccess: (template) => saved(template),
  });
}

export function useDeleteTemplateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.templates }),
  });
}

export function useCreateMessageFromTemplateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: Record<string, string> }) =>
      createMessageFromTemplate(id, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.messages }),
  });
}
