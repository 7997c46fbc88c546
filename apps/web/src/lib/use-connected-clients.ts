// The station's connected machines, live: GET /admin/api/clients, then the clients stream keeps the
// cached list current for every view that shows it (the Machines page, the detail modal's machine
// selector). On a stream error the stream is closed; 5 seconds later the Machines page reloads,
// while the detail modal opens a new stream instead of reloading under the user. A
// stream the server closed for newer ones of the same sign-in stays Offline until the page is shown.
import type { TConnectedClient } from '@message-station/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CLIENTS_STREAM_URL, listClients } from '../api/machines';
import { queryKeys } from '../api/query-keys';
import { reopenWhenShown, STREAM_CLOSED_EVENT } from '../api/stream-closed';
import { applyClientEvent, CLIENT_EVENTS } from './clients-list';
import { pageReload } from './page-reload';
import type { TStreamStatus } from './stream-status';

/** The client stream reloads 5 s after an error. */
export const CLIENT_STREAM_RELOAD_MS = 5000;

/** What follows a stream error: reload the page, or open a new stream. */
export type TClientStreamRecovery = 'reload' | 'reconnect';

/** A list that cannot load shows as empty; the failure is only logged. */
async function loadClients(signal: AbortSignal): Promise<TConnectedClient[]> {
  try {
    return await listClients(signal);
  } catch (error) {
    if (signal.aborted) throw error;
    console.error('Failed to load connected machines', error);
    return [];
  }
}

export function useClientsQuery() {
  return useQuery({
    queryKey: queryKeys.clients,
    queryFn: ({ signal }) => loadClients(signal),
  });
}

function parse(raw: unknown): unknown {
  if (typeof raw !== 'string') return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function useClientsStream(recovery: TClientStreamRecovery): TStreamStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<TStreamStatus>('connecting');

  useEffect(() => {
    if (typeof EventSource === 'undefined') {
      setStatus('offline');
      return;
    }
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopWaiting = () => {};

    const open = () => {
      setStatus('connecting');
      const current = new EventSource(CLIENTS_STREAM_URL);
      source = current;
      for (const type of CLIENT_EVENTS) {
        current.addEventListener(type, (event) => {
          const data = parse((event as MessageEvent).data);
          if (type === 'connected') {
            setStatus('live');
            // The full list wins over a GET still on its way.
            void queryClient.cancelQueries({ queryKey: queryKeys.clients });
          }
          queryClient.setQueryData<TConnectedClient[]>(queryKeys.clients, (list) =>
            applyClientEvent(list, type, data),
          );
        });
      }
      // Closed for newer streams of the same sign-in: no reload, just wait to be looked at.
      current.addEventListener(STREAM_CLOSED_EVENT, () => {
        current.close();
        setStatus('offline');
        stopWaiting = reopenWhenShown(open);
      });
      current.onerror = (event) => {
        console.warn('Machines stream error', event);
        current.close();
        setStatus('reconnecting');
        timer = setTimeout(recovery === 'reload' ? () => pageReload.reload() : open, CLIENT_STREAM_RELOAD_MS);
      };
    };

    open();
    return () => {
      clearTimeout(timer);
      stopWaiting();
      source?.close();
    };
  }, [queryClient, recovery]);

  return status;
}

/** The list and the stream's state, for a view that shows connected machines. */
export function useConnectedClients(recovery: TClientStreamRecovery) {
  const clients = useClientsQuery();
  const status = useClientsStream(recovery);
  return { clients, status };
}
