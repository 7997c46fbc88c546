// Superadmin state: who may see the dashboard, the all-stations view, and switching into and out
// of a station. A switch changes whose data every query returns, so all of them start over.
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import {
  exitStation,
  getSuperadminDashboard,
  getSuperadminStatus,
  switchStation,
  type TSuperadminStatus,
} from '../../api/superadmin';

const NOT_SUPERADMIN: TSuperadminStatus = { is_superadmin: false, viewing_station_id: null };

/** A 403 is the server's way of saying "not a superadmin" (spec §6). */
async function fetchSuperadminStatus(signal: AbortSignal): Promise<TSuperadminStatus> {
  try {
    return await getSuperadminStatus(signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return NOT_SUPERADMIN;
    throw error;
  }
}

export function useSuperadminStatusQuery() {
  return useQuery({
    queryKey: queryKeys.superadminStatus,
    queryFn: ({ signal }) => fetchSuperadminStatus(signal),
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

export function useExitStationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exitStation,
    onSuccess: () => startOverAsOtherStation(queryClient),
    onError: (error) => {
      console.error('Failed to exit station view', error);
    },
  });
}
