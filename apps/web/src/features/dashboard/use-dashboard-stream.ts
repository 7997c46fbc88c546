// The dashboard's live stream (GET /admin/api/dashboard/stream): a message written, changed or
// deleted, texts handed over (sms_progress) or the station's contacts changed (contacts_changed)
// read again what they change on the page: the cards and chart, the first-run checklist, Recent
// Activity, the latest messages. However many events come (a send reports every batch), each part
// is read at most once a second, and never while its last read is still on its way; after a
// reconnect everything is read once, for what happened while away.
import type { TDashboardEvent } from '@message-station/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DASHBOARD_STREAM_URL } from '../../api/dashboard';
import { queryKeys } from '../../api/query-keys';
import { openLiveStream } from '../../lib/live-stream';
import { RECENT_MESSAGES_LIMIT } from './dashboard-format';

/** The least time between two reads of one part of the page. */
export const DASHBOARD_REFETCH_MS = 1000;

const PARTS = {
  stats: queryKeys.dashboardStats,
  firstRun: queryKeys.firstRun,
  activity: queryKeys.activity,
  messages: [...queryKeys.messages, { limit: RECENT_MESSAGES_LIMIT }],
} as const;
type TPart = keyof typeof PARTS;
const ALL = Object.keys(PARTS) as TPart[];

/** What each event changes on the dashboard (DASHBOARD_EVENTS, packages/shared/src/station-events.ts). */
export const DASHBOARD_REFETCHES: Record<TDashboardEvent, TPart[]> = {
  message_created: ALL,
  message_updated: ['stats', 'activity', 'messages'],
  message_deleted: ALL,
  sms_progress: ['stats', 'activity'],
  contacts_changed: ['stats', 'firstRun'],
};

export function useDashboardStream() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const due = new Set<TPart>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastRead = Number.NEGATIVE_INFINITY;
    const readDue = () => {
      timer = undefined;
      lastRead = Date.now();
      for (const part of due) {
        // A read on its way may have started before the event: this part waits for the next turn.
        if (queryClient.isFetching({ queryKey: PARTS[part] }) > 0) continue;
        due.delete(part);
        void queryClient.invalidateQueries({ queryKey: PARTS[part] });
      }
      if (due.size > 0) schedule();
    };
    const schedule = () => {
      timer ??= setTimeout(readDue, Math.max(0, lastRead + DASHBOARD_REFETCH_MS - Date.now()));
    };
    const read = (parts: TPart[]) => {
      for (const part of parts) due.add(part);
      schedule();
    };
    let connectedBefore = false;
    const listeners = Object.fromEntries(
      Object.entries(DASHBOARD_REFETCHES).map(([type, parts]) => [type, () => read(parts)]),
    );
    const close = openLiveStream(DASHBOARD_STREAM_URL, {
      ...listeners,
      connected: () => {
        if (connectedBefore) read(ALL);
        connectedBefore = true;
      },
    });
    return () => {
      clearTimeout(timer);
      close();
    };
  }, [queryClient]);
}
