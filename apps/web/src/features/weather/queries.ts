// Weather alerts: the settings, a state's zones and NWS's event names (rarely changing: kept for
// hours), the alerts received (looked at again each minute, as the poller adds to them).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  checkWeatherNow,
  getWeatherSettings,
  listEventTypes,
  listStateZones,
  listWeatherAlerts,
  saveWeatherSettings,
} from './api';

const weatherKey = ['admin', 'weather'] as const;
export const weatherKeys = {
  all: weatherKey,
  settings: [...weatherKey, 'settings'] as const,
  alerts: [...weatherKey, 'alerts'] as const,
  zones: (state: string) => [...weatherKey, 'zones', state] as const,
  eventTypes: [...weatherKey, 'event-types'] as const,
};
/** A state's zones and NWS's event names change a few times a year. */
const LOOKUP_STALE_MS = 6 * 60 * 60_000;

export function useWeatherSettingsQuery() {
  return useQuery({ queryKey: weatherKeys.settings, queryFn: ({ signal }) => getWeatherSettings(signal) });
}

export function useStateZonesQuery(state: string | null) {
  return useQuery({
    queryKey: weatherKeys.zones(state ?? ''),
    queryFn: ({ signal }) => listStateZones(state ?? '', signal),
    enabled: Boolean(state),
    staleTime: LOOKUP_STALE_MS,
    retry: 1,
  });
}

export function useEventTypesQuery() {
  return useQuery({
    queryKey: weatherKeys.eventTypes,
    queryFn: ({ signal }) => listEventTypes(signal),
    staleTime: LOOKUP_STALE_MS,
    retry: 1,
  });
}

export function useWeatherAlertsQuery() {
  return useQuery({
    queryKey: weatherKeys.alerts,
    queryFn: ({ signal }) => listWeatherAlerts(signal),
    refetchInterval: 60_000,
  });
}

export function useSaveWeatherSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWeatherSettings,
    onSuccess: (settings) => queryClient.setQueryData(weatherKeys.settings, settings),
  });
}

export function useCheckWeatherMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkWeatherNow,
    // The check's outcome (drafts, the last error) is in the settings and the list either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: weatherKey }),
  });
}
