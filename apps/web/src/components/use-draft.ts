// Autosaved drafts of a staff form (decision 0076): what the user types is kept in this browser's
// localStorage half a second after they stop, under the user's, the station's and the form's key
// (lib/draft-keys.ts), and saved at once when the form closes or the page is left or hidden. The
// form opens with it again, after a reload or in a tab opened later; a create or a save deletes
// it, as does Discard.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSessionUser } from '../app/session-user';
import { draftKey } from '../lib/draft-keys';

/** How long after the last change a draft is saved. */
export const DRAFT_SAVE_MS = 500;

function load(key: string): unknown {
  try {
    const text = localStorage.getItem(key);
    return text ? ((JSON.parse(text) as { values?: unknown }).values ?? null) : null;
  } catch {
    return null;
  }
}

function store(key: string, values: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify({ savedAt: new Date().toISOString(), values }));
  } catch {
    // Storage full or refused: the form still holds the text while it is open.
  }
}

function remove(key: string) {
  try {
    localStorage.removeItem(key);
  } catch {
    // No storage: nothing was kept.
  }
}

/** Sorted keys and lists, so two drafts that say the same compare equal. */
function normalized(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(normalized);
    return items.every((item) => typeof item === 'string') ? [...(items as string[])].sort() : items;
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([key, item]) => [key, normalized(item)]),
    );
  }
  return value;
}

/** The form holds something other than what it opened with when empty (or unedited). */
export function differs<T>(values: T, pristine: T): boolean {
  return JSON.stringify(normalized(values)) !== JSON.stringify(normalized(pristine));
}

/**
 * A stored draft read against the form's fields: each field of `pristine` takes the stored value
 * when it has the same kind (text, a list of texts), else keeps its own. Null when nothing fits.
 */
export function shapedLike<T extends Record<string, unknown>>(stored: unknown, pristine: T): T | null {
  if (!stored || typeof stored !== 'object') return null;
  const source = stored as Record<string, unknown>;
  const kind = (value: unknown) =>
    Array.isArray(value)
      ? value.every((item) => typeof item === 'string')
        ? 'texts'
        : 'list'
      : typeof value;
  const shaped = Object.fromEntries(
    Object.entries(pristine).map(([field, start]) => [
      field,
      field in source && kind(source[field]) === kind(start) ? source[field] : start,
    ]),
  ) as T;
  return differs(shaped, pristine) ? shaped : null;
}

export type TDraft<T> = {
  /** The saved draft the form opened with, or null. */
  restored: T | null;
  /** Saves the values once DRAFT_SAVE_MS pass without a change; a clean form deletes the draft. */
  keep: (values: T, dirty: boolean) => void;
  /** Deletes the draft now: created, saved or discarded. */
  clear: () => void;
};

/**
 * The draft of one form (`form` names it: `message:new`, `message:{id}`); `read` makes the form's
 * values of what was stored, or null when they no longer fit.
 */
export function useDraft<T>(form: string, read: (stored: unknown) => T | null): TDraft<T> {
  const user = useSessionUser();
  const key = draftKey(user, form);
  const [restored] = useState(() => {
    const stored = load(key);
    return stored === null ? null : read(stored);
  });
  const pending = useRef<{ values: T; dirty: boolean } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    if (!next) return;
    if (next.dirty) store(key, next.values);
    else remove(key);
  }, [key]);

  const keep = useCallback(
    (values: T, dirty: boolean) => {
      pending.current = { values, dirty };
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, DRAFT_SAVE_MS);
    },
    [flush],
  );

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = null;
    remove(key);
  }, [key]);

  // The form closes, the tab is closed or reloaded, the phone puts the browser away: saved now.
  useEffect(() => {
    const hidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', hidden);
      flush();
    };
  }, [flush]);

  return { restored, keep, clear };
}

/** Keeps the form's values as its draft while it is open (useDraft's keep, on every change). */
export function useAutosave<T>({ keep }: TDraft<T>, values: T, dirty: boolean) {
  const text = JSON.stringify(values);
  useEffect(() => {
    keep(JSON.parse(text) as T, dirty);
  }, [keep, text, dirty]);
}
