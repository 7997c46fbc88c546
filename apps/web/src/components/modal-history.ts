// The browser's Back closes an open staff modal instead of leaving the page (decision 0076). While
// any guarded modal is open, one history entry of ours sits on top of the router's: the same URL and
// the router's own state, plus a marker. Back pops it; the popstate is ours, so the router never
// hears of it (a capture listener on window runs before the router's and stops it), and the top
// modal is asked to close through its dirty-guard. A modal that stays open (the form was dirty and
// asks first) gets the entry back at once; closing a modal any other way pops the entry it pushed,
// so the history does not fill up with dead entries.
import { useEffect, useRef } from 'react';

const MARKER = 'messageStationModal';

/** An open modal: asked to close on Back; answers true when it stays open (it asks first). */
type TClaim = { onBack: () => boolean };

type TEntry =
  /** No entry of ours is on top. */
  | 'none'
  /** Ours is on top of `base`, the router's entry it covers. */
  | 'pushed'
  /** Ours is being popped by history.back(): the popstate to come is ours. */
  | 'popping';

const claims: TClaim[] = [];
let entry: TEntry = 'none';
let base: unknown = null;
let listening = false;
let scheduled = false;

type THistoryState = { key?: unknown; idx?: unknown; [MARKER]?: true } | null;

const currentState = () => window.history.state as THistoryState;

/** The router's entry (react-router's `key` and `idx` in its state) is the one we covered. */
function isBase(state: THistoryState): boolean {
  const covered = base as THistoryState;
  return !state?.[MARKER] && state?.key === covered?.key && state?.idx === covered?.idx;
}

function push() {
  base = currentState();
  // The router's state is kept as it is: were the router to see this entry, it is the same place.
  window.history.pushState({ ...(base as object), [MARKER]: true }, '');
  entry = 'pushed';
}

/** One entry while any claim is open: pushed for the first, popped after the last. */
function settle() {
  if (entry === 'popping') return;
  if (claims.length > 0 && entry === 'none') push();
  else if (claims.length === 0 && entry === 'pushed') {
    if (currentState()?.[MARKER]) {
      entry = 'popping';
      window.history.back();
    } else {
      // The router went elsewhere on top of ours (a link in the modal): nothing to pop.
      entry = 'none';
    }
  }
}

/**
 * Settles after the current task's React commits: a modal that closes as another opens (the detail
 * handing over to the full form) hands the entry over instead of popping and pushing it.
 */
function schedule() {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(() => {
    scheduled = false;
    settle();
  });
}

function onPopState(event: PopStateEvent) {
  if (entry === 'popping') {
    // Our own history.back(): the router's entry is back on top, as the router thinks it is.
    event.stopImmediatePropagation();
    entry = 'none';
    settle();
    return;
  }
  if (entry !== 'pushed') return;
  if (!isBase(currentState())) {
    // Several steps back, or forward: a real navigation, for the router.
    entry = 'none';
    return;
  }
  event.stopImmediatePropagation();
  entry = 'none';
  const top = claims.at(-1);
  if (top && !top.onBack()) claims.splice(claims.indexOf(top), 1);
  settle();
}

function claim(opened: TClaim) {
  if (!listening) {
    // Capture, on window: before the router's listener (registered at the start) in the same phase.
    window.addEventListener('popstate', onPopState, { capture: true });
    listening = true;
  }
  claims.push(opened);
  schedule();
}

function release(opened: TClaim) {
  const at = claims.indexOf(opened);
  if (at === -1) return;
  claims.splice(at, 1);
  schedule();
}

/**
 * While `opened`, Back calls `onBack` instead of leaving the page; it answers true when the modal
 * stays open (a dirty form asking first), which puts the entry back.
 */
export function useBackCloses(opened: boolean, onBack: () => boolean) {
  const latest = useRef(onBack);
  latest.current = onBack;
  useEffect(() => {
    if (!opened) return;
    const opening: TClaim = { onBack: () => latest.current() };
    claim(opening);
    return () => release(opening);
  }, [opened]);
}
