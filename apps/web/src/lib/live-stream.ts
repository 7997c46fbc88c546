// A live stream (Server-Sent Events) a page keeps open: a listener per event, a new connection 3 s
// after the browser gave up retrying, and, when the server closed it for newer streams of the same
// sign-in (stream_closed, docs/limits.md), a new one only once the page is shown again, so a crowd
// of open tabs does not take turns closing each other's streams.
import { reopenWhenShown, STREAM_CLOSED_EVENT } from '../api/stream-closed';

export const LIVE_STREAM_RECONNECT_MS = 3000;
// EventSource.readyState once the browser stopped retrying.
const CLOSED = 2;

/**
 * Opens the stream at `url`, `listeners` keyed by event name (`connected` comes first on each
 * connection); returns the function that closes it for good. Without EventSource, nothing opens.
 */
export function openLiveStream(
  url: string,
  listeners: Record<string, (event: MessageEvent) => void>,
): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopWaiting = () => {};
  const open = () => {
    const current = new EventSource(url);
    source = current;
    for (const [type, listener] of Object.entries(listeners)) current.addEventListener(type, listener);
    current.addEventListener(STREAM_CLOSED_EVENT, () => {
      current.close();
      stopWaiting = reopenWhenShown(open);
    });
    current.onerror = () => {
      if (current.readyState !== CLOSED) return;
      current.close();
      timer = setTimeout(open, LIVE_STREAM_RECONNECT_MS);
    };
  };
  open();
  return () => {
    clearTimeout(timer);
    stopWaiting();
    source?.close();
  };
}
