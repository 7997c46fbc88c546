// Scheduled sends: the lists (upcoming, past, one message's) and the changes staff make; every
// change refreshes every list, and the station (a schedule's check reads its credits).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import {
  cancelSchedule,
  createSchedule,
  listSchedules,
  type TScheduleRequest,
  updateSchedule,
} from '../../api/schedules';

export type TScheduleFilter = { status: 'upcoming' | 'past'; messageId?: string };

export function useSchedulesQuery(filter: TScheduleFilter) {
  return useQuery({
    queryKey: [...queryKeys.schedules, filter],
    queryFn: ({ signal }) => listSchedules(filter, signal),
    // A run changes a schedule without anyone here doing anything: look again each minute.
    refetchInterval: 60_000,
  });
}

function useSchedulesChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.schedules });
}

export function useSaveScheduleMutation() {
  const changed = useSchedulesChanged();
  return useMutation({
    mutationFn: (input: { messageId: string; scheduleId?: string; request: TScheduleRequest }) =>
      input.scheduleId
        ? updateSchedule(input.scheduleId, input.request)
        : createSchedule(input.messageId, input.request),
    onSuccess: changed,
  });
}

export function useCancelScheduleMutation() {
  const changed = useSchedulesChanged();
  return useMutation({ mutationFn: cancelSchedule, onSuccess: changed });
}
