// Typed calls for scheduled sends: the list, schedule a message, change, cancel.
import {
  schedulesCancel,
  schedulesCreate,
  schedulesGet,
  schedulesList,
  schedulesUpdate,
  type TSchedule,
  type TScheduleDetail,
  type TScheduleRequest,
  type TScheduleSaved,
} from '@message-station/shared';
import { call } from './call';

export type {
  TSchedule,
  TScheduleCheck,
  TScheduleDetail,
  TScheduleRequest,
  TScheduleSaved,
} from '@message-station/shared';

export async function listSchedules(
  filter: { status: 'upcoming' | 'past'; messageId?: string },
  signal?: AbortSignal,
): Promise<TSchedule[]> {
  const query = { status: filter.status, message_id: filter.messageId };
  const reply = await call(schedulesList, { query, signal });
  return reply.schedules;
}

export function getSchedule(id: string, signal?: AbortSignal): Promise<TScheduleDetail> {
  return call(schedulesGet, { params: { id }, signal });
}

export function createSchedule(messageId: string, request: TScheduleRequest): Promise<TScheduleSaved> {
  return call(schedulesCreate, { params: { id: messageId }, body: request });
}

export function updateSchedule(id: string, request: TScheduleRequest): Promise<TScheduleSaved> {
  return call(schedulesUpdate, { params: { id }, body: request });
}

export function cancelSchedule(id: string): Promise<TScheduleDetail> {
  return call(schedulesCancel, { params: { id } });
}
