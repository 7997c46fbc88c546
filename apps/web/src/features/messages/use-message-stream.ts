// The live message stream: Connecting, then Live on the `connected`
// event; Reconnecting while the browser retries after an error; Offline once it gave up, and a new
// connection 3000 ms later. A stream the server closed for newer ones of the same
// sign-in (stream_closed) stays Offline until the page is shown again. Every message or translation event refetches the messages;
// errors are only logged. An `sms_progress` event refetches that message's delivery
// progress, the station's credits and the list (its SMS column); `playback_state_changed` tells the open detail modal that a
// machine started or stopped speaking a message. Used by the Messages page.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { queryKeys } from '../../api/query-keys';
import { reopenWhenShown, STREAM_CLOSED_EVENT } from '../../api/stream-closed';
import type { TStreamStatus } from '../../lib/stream-status';
import { parsePlaybackEvent, publishPlaybackEvent } from './playback-events';

export const MESSAGE_STREAM_URL = '/admin/api/messages/stream';
export const STREAM_RECONNECT_MS = 3000;

export const MESSAGE_EVENTS = [
  'message_created',
  'message_updated',
  'message_deleted',
  'translation_updated',
] as const;

export type TMessageEventType = (typeof MESSAGE_EVENTS)[number];

/** SMS of a message changed state (sent, delivered, failed). */
export const SMS_PROGRESS_EVENT = 'sms_progress';

/** A machine started or stopped playing a message: {message_id, status, client_id}. */
export const PLAYBACK_STATE_EVENT = 'playback_state_changed';

/** The data of a message event: always the message id; translation events add language and status. */
export type TMessageEventData = {
  message_id: string;
  language_code?: string;
  translation_status?: string;
};

// EventSource.readyState once the browser stopped retrying.
const CLOSED = 2;

function parseData(raw: unknown): TMessageEventData | null {
  if (typeof raw !== 'string') return null;
  try {
    const data = JSON.parse(raw) as unknown;
    return data && typeof data === 'object' && 'message_id' in data ? (data as TMessageEventData) : null;
  } catch {
    return null;
  }
}

export function useMessageStream(
  onEvent?: (type: TMessageEventType, data: TMessageEventData | null) => void,
): TStreamStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<TStreamStatus>('connecting');
  const onEventRef = useRef(onEvent);
  onEventRef.current = onEvent;

  useEffect(() => {
    if (typeof EventSource === 'undefined') {
      setStatus('offline');
      return;
    }
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let connectedBefore = false;
    let stopWaiting = () => {};
    const refetch = () => queryClient.invalidateQueries({ queryKey: queryKeys.messages });
    const refetchDeliveries = (data: TMessageEventData | null) => {
      // Without a message id every open progress is refreshed.
      const queryKey = data ? [...queryKeys.deliveries, data.message_id] : queryKeys.deliveries;
      void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminStation, exact: true });
      // The lists' SMS column (not the approval queue under the same key). Events come per
      // dispatched batch: a list being fetched is not fetched again for each (the poll of a send in
      // progress catches a late last one).
      void queryClient.invalidateQueries(
        {
          queryKey: queryKeys.messages,
          predicate: (query) => query.queryKey[2] !== queryKeys.approvalQueue[2],
        },
        { cancelRefetch: false },
      );
    };

    const open = () => {
      setStatus('connecting');
      const current = new EventSource(MESSAGE_STREAM_URL);
      source = current;
      current.addEventListener('connected', () => {
        setStatus('live');
        // Events sent while we were away are lost: catch up once.
        if (connectedBefore) void refetch();
        connectedBefore = true;
      });
      for (const type of MESSAGE_EVENTS) {
        current.addEventListener(type, (event) => {
          void refetch();
          onEventRef.current?.(type, parseData((event as MessageEvent).data));
        });
      }
      current.addEventListener(SMS_PROGRESS_EVENT, (event) =>
        refetchDeliveries(parseData((event as MessageEvent).data)),
      );
      current.addEventListener(PLAYBACK_STATE_EVENT, (event) => {
        const playback = parsePlaybackEvent((event as MessageEvent).data);
        if (playback) publishPlaybackEvent(playback);
      });
      current.addEventListener(STREAM_CLOSED_EVENT, () => {
        current.close();
        setStatus('offline');
        stopWaiting = reopenWhenShown(open);
      });
      current.onerror = (event) => {
        console.warn('Message stream error', event);
        if (current.readyState === CLOSED) {
          current.close();
          setStatus('offline');
          timer = setTimeout(open, STREAM_RECONNECT_MS);
        } else {
          setStatus('reconnecting');
        }
      };
    };

    open();
    return () => {
      clearTimeout(timer);
      stopWaiting();
      source?.close();
    };
  }, [queryClient]);

  return status;
}
