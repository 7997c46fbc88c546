// Typed calls for the superadmin dashboard and station impersonation (spec §7 Admin, superadmin calls).
import type { TSuperadminDashboard } from '@message-station/shared';
import { api } from './client';

export type TSuperadminStatus = { is_superadmin: boolean; viewing_station_id: string | null };
export type TViewingStation = { id: string; display_name: string; slug: string };

/** Throws ApiError 403 for anyone who is not a superadmin. */
export function getSuperadminStatus(signal?: AbortSignal): Promise<TSuperadminStatus> {
  return api<TSuperadminStatus>('/admin/api/superadmin/status', { signal });
}

export function getSuperadminDashboard(signal?: AbortSignal): Promise<TSuperadminDashboard> {
  return api<TSuperadminDashboard>('/admin/api/superadmin/dashboard', { signal });
}

/** From now on the session acts as an admin of this station. */
export function switchStation(
  stationId: string,
): Promise<{ message: string; viewing_station: TViewingStation }> {
  return api(`/admin/api/superadmin/switch-station/${encodeURIComponent(stationId)}`, { method: 'POST' });
}

/** Back to the superadmin's own station. */
export function exitStation(): Promise<{ message: string }> {
  return api('/admin/api/superadmin/exit-station', { method: 'POST' });
}
