// Playback started or stopped on a machine (the messages stream's playback_state_changed event),
// handed from the stream to whichever detail modal shows that message.
import { PLAYBACK_STATUSES, type TPlaybackStateChanged } from '@message-station/shared';
import { useEffect, useRef } from 'react';

type TPlaybackListener = (event: TPlaybackStateChanged) => void;

const listeners = new Set<TPlaybackListener>();

/** The event's data when it is well formed, else null. */
export function parsePlaybackEvent(raw: unknown): TPlaybackStateChanged | null {
  if (typeof raw !== 'string') return null;
  try {
    const data = JSON.parse(raw) as Partial<TPlaybackStateChanged> | null;
    if (!data || typeof data.message_id !== 'string') return null;
    if (!(PLAYBACK_STATUSES as readonly unknown[]).includes(data.status)) return null;
    return {
      message_id: data.message_id,
      status: data.status as TPlaybackStateChanged['status'],
      client_id: typeof data.client_id === 'string' ? data.client_id : '',
    };
  } catch {
    return null;
  }
}

export function publishPlaybackEvent(event: TPlaybackStateChanged): void {
  for (const listener of listeners) listener(event);
}

/** Calls `onEvent` for events about `messageId` only: events of other messages are ignored. */
export function usePlaybackEvents(messageId: string, onEvent: TPlaybackListener): void {
  const onEventRef = useRef(onEvent);
  onEventRef.current = onEvent;
  useEffect(() => {
    const listener: TPlaybackListener = (event) => {
      if (event.message_id === messageId) onEventRef.current(event);
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [messageId]);
}
