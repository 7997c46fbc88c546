// The inbox's live stream, opened once by the admin nav: every `inbox_changed` event (a text in or
// out, a translation done, a conversation read) refreshes the inbox's queries, so the nav badge
// and an open Inbox page follow. A closed stream reconnects after 3 s, or when the page is shown
// again if the server closed it for newer streams of the same sign-in (lib/live-stream.ts).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { INBOX_STREAM_URL } from '../../api/inbox';
import { queryKeys } from '../../api/query-keys';
import { openLiveStream } from '../../lib/live-stream';

export const INBOX_CHANGED_EVENT = 'inbox_changed';

export function useInboxStream(enabled = true) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.inbox });
    // Whatever happened while away: read again once connected.
    return openLiveStream(INBOX_STREAM_URL, { connected: refresh, [INBOX_CHANGED_EVENT]: refresh });
  }, [enabled, queryClient]);
}
