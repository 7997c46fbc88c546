// Typed calls for the Dashboard: its stats and recent activity; the address of its live stream.
import {
  dashboardActivity,
  dashboardFirstRun,
  dashboardSetFirstRun,
  dashboardStats,
  type TActivity,
  type TDashboardStats,
  type TFirstRun,
} from '@message-station/shared';
import { call } from './call';

export type { TActivity, TDashboardStats, TFirstRun } from '@message-station/shared';

export type TDashboardAlert = TDashboardStats['alerts'][number];

/** The station's events that change the dashboard (DASHBOARD_EVENTS), as Server-Sent Events. */
export const DASHBOARD_STREAM_URL = '/admin/api/dashboard/stream';

/** The station, this month's and all-time counts, SMS per day over 30 days, and alerts to show. */
export function getDashboardStats(signal?: AbortSignal): Promise<TDashboardStats> {
  return call(dashboardStats, { signal });
}

/** Newest first; sends of one message merge into one line. */
export async function getActivity(limit: number, signal?: AbortSignal): Promise<TActivity[]> {
  const reply = await call(dashboardActivity, { query: { limit }, signal });
  return reply.activities;
}

/** Each first-run step done or not, from the station's data, and whether an admin hid the list. */
export function getFirstRun(signal?: AbortSignal): Promise<TFirstRun> {
  return call(dashboardFirstRun, { signal });
}

export function setFirstRunHidden(hidden: boolean): Promise<TFirstRun> {
  return call(dashboardSetFirstRun, { body: { hidden } });
}
