// Typed calls for scheduled sends (issue 21): the list, schedule a message, change, cancel.
import type { TSchedule, TScheduleDetail, TScheduleRequest, TScheduleSaved } from '@message-station/shared';
import { api } from './client';

export type {
  TSchedule,
  TScheduleCheck,
  TScheduleDetail,
  TScheduleRequest,
  TScheduleSaved,
} from '@message-station/shared';

const schedulePath = (id: string) => `/admin/api/schedules/${encodeURIComponent(id)}`;

export async function listSchedules(
  filter: { status: 'upcoming' | 'past'; messageId?: string },
  signal?: AbortSignal,
): Promise<TSchedule[]> {
  const query = new URLSearchParams({ status: filter.status });
  if (filter.messageId) query.set('message_id', filter.messageId);
  const reply = await api<{ schedules: TSchedule[] }>(`/admin/api/schedules?${query}`, { signal });
  return reply.schedules;
}

export function getSchedule(id: string, signal?: AbortSignal): Promise<TScheduleDetail> {
  return api<TScheduleDetail>(schedulePath(id), { signal });
}

export function createSchedule(messageId: string, request: TScheduleRequest): Promise<TScheduleSaved> {
  return api<TScheduleSaved>(`/admin/api/messages/${encodeURIComponent(messageId)}/schedules`, {
    method: 'POST',
    body: request,
  });
}

export function updateSchedule(id: string, request: TScheduleRequest): Promise<TScheduleSaved> {
  return api<TScheduleSaved>(schedulePath(id), { method: 'PUT', body: request });
}

export function cancelSchedule(id: string): Promise<TScheduleDetail> {
  return api<TScheduleDetail>(`${schedulePath(id)}/cancel`, { method: 'POST' });
}
