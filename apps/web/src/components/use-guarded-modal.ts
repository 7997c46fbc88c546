// A modal that holds a form the user types into does not throw it away by accident (decision 0076):
// Escape, a click outside, the close button, Cancel and the browser's Back close a clean form at
// once and ask "Discard this draft?" (Keep editing / Discard) of a dirty one. The form inside says
// whether it is dirty and what discarding it means (its saved draft is deleted) through
// useFormGuard; GuardedModal.tsx renders the modal and the question.
import { createContext, use, useCallback, useEffect, useRef, useState } from 'react';
import { useBackCloses } from './modal-history';

/** What the form inside tells its modal. */
export type TFormGuard = {
  dirty: boolean;
  /** Runs when the user confirms Discard (the form's saved draft is deleted). */
  onDiscard?: () => void;
};

export type TGuardedModal = {
  /** The modal's own close (Escape, outside, X, Back): closes a clean form, asks of a dirty one. */
  requestClose: () => void;
  /**
   * Runs `then` at once when the form is clean; else asks first, and runs it after Discard.
   * Answers true when `then` ran.
   */
  confirmDiscard: (then: () => void) => boolean;
  /** The question is on screen. */
  asking: boolean;
  keepEditing: () => void;
  discard: () => void;
  /** Where the form inside says whether it is dirty (useFormGuard). */
  setFormGuard: (guard: TFormGuard | null) => void;
};

export function useGuardedModal({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}): TGuardedModal {
  const formGuard = useRef<TFormGuard | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  // What Discard goes on to do: close the modal, or what the form's own Cancel does.
  const [pending, setPending] = useState<{ then: () => void } | null>(null);
  const asking = opened && pending !== null;
  const askingRef = useRef(asking);
  askingRef.current = asking;

  // A modal closed by its page (a save, another modal) forgets the question.
  useEffect(() => {
    if (!opened) setPending(null);
  }, [opened]);

  const confirmDiscard = useCallback((then: () => void) => {
    if (formGuard.current?.dirty) {
      setPending({ then });
      return false;
    }
    then();
    return true;
  }, []);

  const requestClose = useCallback(() => {
    confirmDiscard(() => onCloseRef.current());
  }, [confirmDiscard]);

  const keepEditing = useCallback(() => setPending(null), []);

  const discard = useCallback(() => {
    formGuard.current?.onDiscard?.();
    setPending(null);
    pending?.then();
  }, [pending]);

  // Back while the question is up keeps editing, as Escape does on it; else it is a close.
  useBackCloses(opened, () => {
    if (askingRef.current) {
      keepEditing();
      return true;
    }
    return !confirmDiscard(() => onCloseRef.current());
  });

  const setFormGuard = useCallback((guard: TFormGuard | null) => {
    formGuard.current = guard;
  }, []);

  return { requestClose, confirmDiscard, asking, keepEditing, discard, setFormGuard };
}

type TGuardContext = Pick<TGuardedModal, 'requestClose' | 'confirmDiscard' | 'setFormGuard'>;

export const GuardContext = createContext<TGuardContext | null>(null);

/**
 * A form inside a GuardedModal: says whether it is dirty and what Discard deletes; answers the
 * guarded close for its Cancel button and confirmDiscard for a Cancel that only leaves edit mode.
 */
export function useFormGuard({ dirty, onDiscard }: TFormGuard) {
  const guard = use(GuardContext);
  if (!guard) throw new Error('useFormGuard is only available inside a GuardedModal');
  const { setFormGuard } = guard;
  useEffect(() => {
    setFormGuard({ dirty, onDiscard });
    return () => setFormGuard(null);
  }, [setFormGuard, dirty, onDiscard]);
  return { close: guard.requestClose, confirmDiscard: guard.confirmDiscard };
}
