// A live stream the server closed because the same sign-in opened newer ones (docs/limits.md):
// the page stays Offline and opens its stream again when the user looks at it, so a crowd of open
// tabs does not take turns closing each other's streams.
export const STREAM_CLOSED_EVENT = 'stream_closed';

/** Calls `reopen` the next time the page is shown; returns the function that stops waiting. */
export function reopenWhenShown(reopen: () => void): () => void {
  const onChange = () => {
    if (document.visibilityState !== 'visible') return;
    document.removeEventListener('visibilitychange', onChange);
    reopen();
  };
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}
