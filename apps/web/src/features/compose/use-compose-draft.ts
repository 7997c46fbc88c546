// The compose's server draft (decision 0082): the alert is a message from its first words on, so
// every rule of a message (its translations, review, the send preview and the send) is the
// server's own, never repeated here. Saves run one after another: a template or a phrasebook entry
// used makes a new message (the phrasebook's with every language finished, decision 0050), text
// typed makes one or updates it (PUT), and a save asks only for what still differs
// from the last one the server answered. A draft replaced by another template's or entry's, never sent, is
// removed, so Messages keeps the one draft of this alert.
import type { TLanguageCode, TPhraseMessageRequest } from '@message-station/shared';
import { useCallback, useRef, useState } from 'react';
import type { TMessage, TMessageInput } from '../../api/messages';
import { useDiscardDraftMutation, useSaveDraftMutation } from './queries';

/** The input as the server would keep it: trimmed, targets in one order. */
export function draftKey(input: TMessageInput): string {
  return JSON.stringify({
    ...input,
    title: input.title.trim(),
    original: input.original.trim(),
    target_languages: [...input.target_languages].sort(),
  });
}

/** The input a message was saved with. */
export function inputOf(message: TMessage): TMessageInput {
  return {
    title: message.title,
    original: message.original,
    original_language: message.original_language as TLanguageCode,
    target_languages: message.target_languages.filter((code) => code !== message.original_language),
    message_type: message.message_type,
  };
}

/** Where a new draft comes from: a station template with its fields' values, or a phrasebook entry. */
export type TDraftSource =
  | { kind: 'template'; templateId: string; values: Record<string, string> }
  | { kind: 'phrase'; request: TPhraseMessageRequest };

/** Which template or entry a source is, to tell whether the draft was made from the one chosen. */
export function sourceId(source: { kind: 'template'; id: string } | { kind: 'phrase'; id: string }): string {
  return `${source.kind}:${source.id}`;
}

export function useComposeDraft() {
  const save = useSaveDraftMutation();
  const discard = useDiscardDraftMutation();
  const [draft, setDraft] = useState<TMessage | null>(null);
  /** What the draft on the server holds (draftKey), to tell whether the screen differs from it. */
  const [savedKey, setSavedKey] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  /** The template or phrasebook entry the draft was made from (sourceId), if it was. */
  const [fromSource, setFromSource] = useState<string | null>(null);
  const current = useRef<{ draft: TMessage | null; savedKey: string | null }>({
    draft: null,
    savedKey: null,
  });
  const chain = useRef<Promise<void>>(Promise.resolve());

  const keep = useCallback((message: TMessage) => {
    const key = draftKey(inputOf(message));
    current.current = { draft: message, savedKey: key };
    setDraft(message);
    setSavedKey(key);
  }, []);

  const enqueue = useCallback((task: () => Promise<void>) => {
    chain.current = chain.current.then(async () => {
      try {
        await task();
      } catch (error) {
        setFailure(error);
      }
    });
    return chain.current;
  }, []);

  /** A template or entry chosen (its fields filled in): a new message with its vetted translations. */
  const applySource = async (source: TDraftSource) => {
    let made: TMessage | null = null;
    await enqueue(async () => {
      const replaced = current.current.draft;
      const message = await save.mutateAsync(source);
      keep(message);
      setFailure(null);
      setFromSource(
        source.kind === 'template'
          ? sourceId({ kind: 'template', id: source.templateId })
          : sourceId({ kind: 'phrase', id: source.request.phrase_id }),
      );
      made = message;
      if (replaced) discard.mutate(replaced.id);
    });
    return made as TMessage | null;
  };

  /** The text as typed now: saved if it differs from what the server holds. */
  const { mutateAsync } = save;
  const saveInput = useCallback(
    (input: TMessageInput) =>
      enqueue(async () => {
        const key = draftKey(input);
        const { draft: existing, savedKey: saved } = current.current;
        if (key === saved) return;
        const message = await mutateAsync(
          existing ? { kind: 'update', id: existing.id, input } : { kind: 'create', input },
        );
        keep(message);
        setFailure(null);
      }),
    [enqueue, keep, mutateAsync],
  );

  /** Start again: the sent alert stays in Messages, the screen is empty. */
  const reset = () => {
    current.current = { draft: null, savedKey: null };
    setDraft(null);
    setSavedKey(null);
    setFailure(null);
    setFromSource(null);
  };

  return { draft, savedKey, fromSource, saving: save.isPending, failure, applySource, saveInput, reset };
}
