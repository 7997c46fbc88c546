// Superadmin state: who may see the dashboard, the all-stations view, switching into and out of a
// station, and a station's own SMS sending. A switch changes whose data every query returns, so
// all of them start over.
import type { TStationSmsSending } from '@message-station/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import {
  exitStation,
  getStationSmsSending,
  getSuperadminDashboard,
  getSuperadminStatus,
  saveStationSmsSending,
  switchStation,
} from '../../api/superadmin';

export function useSuperadminStatusQuery() {
  return useQuery({
    queryKey: queryKeys.superadminStatus,
    queryFn: ({ signal }) => getSuperadminStatus(signal),
  });
}

export function useSuperadminDashboardQuery(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.superadminDashboard,
    queryFn: ({ signal }) => getSuperadminDashboard(signal),
    enabled,
  });
}

/**
 * Every cached answer belonged to the station just left. Unused ones are dropped so no page
 * flashes the other station's data; the ones on screen (session included) refetch.
 */
async function startOverAsOtherStation(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ predicate: (query) => query.getObserversCount() === 0 });
  await queryClient.invalidateQueries();
}

export function useSwitchStationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchStation,
    onSuccess: () => startOverAsOtherStation(queryClient),
  });
}

/**
 * `onExited` runs before the queries start over, here rather than in a `mutate` callback: the
 * session that comes back ends the station view, which unmounts the button that asked (the
 * "Viewing as" bar), and a `mutate` callback of an unmounted component never runs.
 */
export function useExitStationMutation({ onExited }: { onExited?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exitStation,
    onSuccess: () => {
      onExited?.();
      return startOverAsOtherStation(queryClient);
    },
    onError: (error) => {
      console.error('Failed to exit station view', error);
    },
  });
}

/** One station's sending setting, under the superadmin keys (dropped with them on a switch). */
const smsSendingKey = (stationId: string) => [...queryKeys.superadminDashboard, 'sms-sending', stationId];

export function useStationSmsSendingQuery(stationId: string) {
  return useQuery({
    queryKey: smsSendingKey(stationId),
    queryFn: ({ signal }) => getStationSmsSending(stationId, signal),
  });
}

export function useSaveStationSmsSendingMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stationId, sending }: { stationId: string; sending: TStationSmsSending }) =>
      saveStationSmsSending(stationId, sending),
    onSuccess: (saved) => queryClient.setQueryData(smsSendingKey(saved.station_id), saved),
  });
}
