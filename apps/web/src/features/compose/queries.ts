// The compose's server state (decision 0082): the station's templates, its draft message as the
// messages list has it (the stream refreshes that list as translations arrive), and what a send of
// it would do, asked again whenever the message or one of its translations changes.
import type { TPhraseMessageRequest } from '@message-station/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSendPreview } from '../../api/delivery';
import {
  createMessage,
  createPhraseMessage,
  deleteMessage,
  listMessages,
  type TMessage,
  type TMessageInput,
  updateMessage,
} from '../../api/messages';
import { queryKeys } from '../../api/query-keys';
import { createMessageFromTemplate, listTemplates } from '../../api/templates';

export function useComposeTemplatesQuery() {
  return useQuery({ queryKey: queryKeys.templates, queryFn: ({ signal }) => listTemplates(signal) });
}

/**
 * The draft as the newest list of its type has it (under the messages key: the stream's events
 * refetch it). Null while it is not listed yet.
 */
export function useDraftMessageQuery(draft: TMessage | null) {
  return useQuery({
    queryKey: [...queryKeys.messages, 'compose', draft?.id ?? null],
    queryFn: async ({ signal }) => {
      const listed = await listMessages({ type: draft?.message_type }, signal);
      return listed.find((message) => message.id === draft?.id) ?? null;
    },
    enabled: draft !== null,
    staleTime: 0,
    // The messages stream tells when a translation is done; an event sent before the page's stream
    // connected is not told again, so while a language is still being translated the list is also
    // read every few seconds.
    refetchInterval: (query) =>
      (query.state.data ?? draft)?.translations.some((item) => item.translation_status === 'pending')
        ? TRANSLATING_REFETCH_MS
        : false,
  });
}

/** How often the compose reads its draft again while a translation is on its way. */
const TRANSLATING_REFETCH_MS = 3000;

/** What changes the send: the text, the type, each translation's status, text and review. */
export function messageVersion(message: TMessage): string {
  const translations = message.translations.map(
    (item) => `${item.language_code}:${item.translation_status}:${item.review_status}:${item.updated_at}`,
  );
  return [message.updatedAt, message.message_type, ...translations].join('|');
}

/** The send preview of this version of the draft; the last answer stays while the next is asked. */
export function useDraftPreviewQuery(message: TMessage | null) {
  return useQuery({
    queryKey: [
      ...queryKeys.sendPreview,
      'compose',
      message?.id ?? null,
      message ? messageVersion(message) : '',
    ],
    queryFn: ({ signal }) => getSendPreview(message?.id ?? '', signal),
    enabled: message !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
}

/** One save of the draft: a new message, a template or phrasebook entry used, or the draft updated. */
export type TDraftSave =
  | { kind: 'create'; input: TMessageInput }
  | { kind: 'template'; templateId: string; values: Record<string, string> }
  | { kind: 'phrase'; request: TPhraseMessageRequest }
  | { kind: 'update'; id: string; input: TMessageInput };

export function useSaveDraftMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: TDraftSave): Promise<TMessage> =>
      save.kind === 'create'
        ? createMessage(save.input)
        : save.kind === 'template'
          ? createMessageFromTemplate(save.templateId, save.values)
          : save.kind === 'phrase'
            ? createPhraseMessage(save.request)
            : updateMessage(save.id, save.input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.messages }),
  });
}

/** A draft replaced by another template's or entry's, never sent: removed, so Messages keeps one draft. */
export function useDiscardDraftMutation() {
  return useMutation({ mutationFn: deleteMessage });
}
