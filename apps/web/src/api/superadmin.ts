// Typed calls for the superadmin dashboard, station impersonation (spec §7 Admin, superadmin calls)
// and a station's own SMS sender and pace (decision 0016).
import type {
  TExitStationResponse,
  TStationSmsSending,
  TStationSmsSendingResponse,
  TSuperadminDashboard,
  TSuperadminStatus,
  TSwitchStationResponse,
} from '@message-station/shared';
import { api } from './client';

export type { TSuperadminStatus, TViewingStation } from '@message-station/shared';

/** Throws ApiError 403 for anyone who is not a superadmin. */
export function getSuperadminStatus(signal?: AbortSignal): Promise<TSuperadminStatus> {
  return api<TSuperadminStatus>('/admin/api/superadmin/status', { signal });
}

export function getSuperadminDashboard(signal?: AbortSignal): Promise<TSuperadminDashboard> {
  return api<TSuperadminDashboard>('/admin/api/superadmin/dashboard', { signal });
}

/** From now on the session acts as an admin of this station. */
export function switchStation(stationId: string): Promise<TSwitchStationResponse> {
  return api<TSwitchStationResponse>(
    `/admin/api/superadmin/switch-station/${encodeURIComponent(stationId)}`,
    { method: 'POST' },
  );
}

/** Back to the superadmin's own station. */
export function exitStation(): Promise<TExitStationResponse> {
  return api<TExitStationResponse>('/admin/api/superadmin/exit-station', { method: 'POST' });
}

const smsSendingPath = (stationId: string) =>
  `/admin/api/superadmin/stations/${encodeURIComponent(stationId)}/sms-sending`;

/** The station's own sender and rate (null: the service's), and the pace it sends at. */
export function getStationSmsSending(
  stationId: string,
  signal?: AbortSignal,
): Promise<TStationSmsSendingResponse> {
  return api<TStationSmsSendingResponse>(smsSendingPath(stationId), { signal });
}

/** Texts already queued move to the new lane; the reply counts them in `moved_queued`. */
export function saveStationSmsSending(
  stationId: string,
  sending: TStationSmsSending,
): Promise<TStationSmsSendingResponse> {
  return api<TStationSmsSendingResponse>(smsSendingPath(stationId), { method: 'PUT', body: sending });
}
