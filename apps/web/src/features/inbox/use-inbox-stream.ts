// The inbox's live stream, opened once by the admin nav: every `inbox_changed` event (a text in or
// out, a translation done, a conversation read) refreshes the inbox's queries, so the nav badge
// and an open Inbox page follow. A closed stream reconnects after 3 s, or when the page is shown
// again if the server closed it for newer streams of the same sign-in.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { INBOX_STREAM_URL } from '../../api/inbox';
import { queryKeys } from '../../api/query-keys';
import { reopenWhenShown, STREAM_CLOSED_EVENT } from '../../api/stream-closed';

export const INBOX_CHANGED_EVENT = 'inbox_changed';
const RECONNECT_MS = 3000;
// EventSource.readyState once the browser stopped retrying.
const CLOSED = 2;

export function useInboxStream(enabled = true) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopWaiting = () => {};
    const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.inbox });
    const open = () => {
      const current = new EventSource(INBOX_STREAM_URL);
      source = current;
      // Whatever happened while away: read again once connected.
      current.addEventListener('connected', refresh);
      current.addEventListener(INBOX_CHANGED_EVENT, refresh);
      current.addEventListener(STREAM_CLOSED_EVENT, () => {
        current.close();
        stopWaiting = reopenWhenShown(open);
      });
      current.onerror = () => {
        if (current.readyState !== CLOSED) return;
        current.close();
        timer = setTimeout(open, RECONNECT_MS);
      };
    };
    open();
    return () => {
      clearTimeout(timer);
      stopWaiting();
      source?.close();
    };
  }, [enabled, queryClient]);
}
