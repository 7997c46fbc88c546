// Typed calls for the Dashboard (spec §3 Dashboard stats and Activity, §7 dashboard-stats, activity).
import type { TActivity, TActivityResponse, TDashboardStats, TFirstRun } from '@message-station/shared';
import { api } from './client';

export type { TActivity, TDashboardStats, TFirstRun } from '@message-station/shared';

export type TDashboardAlert = TDashboardStats['alerts'][number];

/** The station, this month's and all-time counts, SMS per day over 30 days, and alerts to show. */
export function getDashboardStats(signal?: AbortSignal): Promise<TDashboardStats> {
  return api<TDashboardStats>('/admin/api/dashboard-stats', { signal });
}

/** Newest first; sends of one message merge into one line. */
export async function getActivity(limit: number, signal?: AbortSignal): Promise<TActivity[]> {
  const reply = await api<TActivityResponse>(`/admin/api/activity?limit=${limit}`, { signal });
  return reply.activities;
}

/** Each first-run step done or not, from the station's data, and whether an admin hid the list. */
export function getFirstRun(signal?: AbortSignal): Promise<TFirstRun> {
  return api<TFirstRun>('/admin/api/dashboard/first-run', { signal });
}

export function setFirstRunHidden(hidden: boolean): Promise<TFirstRun> {
  return api<TFirstRun>('/admin/api/dashboard/first-run', { method: 'PUT', body: { hidden } });
}
