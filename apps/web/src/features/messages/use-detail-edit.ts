// The detail's edit mode (title and content, DetailEditForm.tsx) with its draft (decision 0076):
// what is typed is kept under `message-detail:{id}` until it is saved or discarded, the detail of a
// message with a draft opens in edit mode with it, and Cancel, Escape, a click outside or Back ask
// before they throw a change away.
import { useState } from 'react';
import type { TMessage } from '../../api/messages';
import { differs, shapedLike, useAutosave, useDraft } from '../../components/use-draft';
import { useFormGuard } from '../../components/use-guarded-modal';
import { detailDraftName, detailPristine, type TDetailDraft } from './message-drafts';

export function useDetailEdit(message: TMessage) {
  const saved = useDraft<TDetailDraft>(detailDraftName(message), (stored) =>
    shapedLike(stored, detailPristine(message)),
  );
  const { restored } = saved;
  const [editing, setEditing] = useState(restored !== null);
  const [title, setTitle] = useState(restored?.title ?? message.title);
  const [content, setContent] = useState(restored?.content ?? message.original);
  const [restoredShown, setRestoredShown] = useState(restored !== null);
  const values: TDetailDraft = { title, content };
  const dirty = editing && differs(values, detailPristine(message));
  useAutosave(saved, values, dirty);
  const { confirmDiscard } = useFormGuard({ dirty, onDiscard: saved.clear });

  const leave = () => {
    saved.clear();
    setEditing(false);
    setRestoredShown(false);
  };

  return {
    editing,
    title,
    content,
    setTitle,
    setContent,
    restoredShown,
    start: () => {
      setTitle(message.title);
      setContent(message.original);
      setEditing(true);
    },
    /** Cancel: leaves edit mode once a change is confirmed thrown away; `then` runs after. */
    cancel: (then: () => void) =>
      confirmDiscard(() => {
        leave();
        then();
      }),
    /** Saved on the server, or the message deleted: the draft is done with. */
    done: leave,
    /** "Discard draft" on the restored notice: back to the message as it is. */
    discardDraft: leave,
  };
}
