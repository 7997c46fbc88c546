// Typed calls for the superadmin dashboard, station impersonation (superadmin calls)
// and a station's own SMS sender and pace (decision 0016).
import {
  superadminDashboard,
  superadminExitStation,
  superadminSaveSmsSending,
  superadminSmsSending,
  superadminStatus,
  superadminSwitchStation,
  type TExitStationResponse,
  type TStationSmsSending,
  type TStationSmsSendingResponse,
  type TSuperadminDashboard,
  type TSuperadminStatus,
  type TSwitchStationResponse,
} from '@message-station/shared';
import { call } from './call';

export type { TSuperadminStatus, TViewingStation } from '@message-station/shared';

/** Throws ApiError 403 for anyone who is not a superadmin. */
export function getSuperadminStatus(signal?: AbortSignal): Promise<TSuperadminStatus> {
  return call(superadminStatus, { signal });
}

export function getSuperadminDashboard(signal?: AbortSignal): Promise<TSuperadminDashboard> {
  return call(superadminDashboard, { signal });
}

/** From now on the session acts as an admin of this station. */
export function switchStation(stationId: string): Promise<TSwitchStationResponse> {
  return call(superadminSwitchStation, { params: { id: stationId } });
}

/** Back to the superadmin's own station. */
export function exitStation(): Promise<TExitStationResponse> {
  return call(superadminExitStation);
}

/** The station's own sender and rate (null: the service's), and the pace it sends at. */
export function getStationSmsSending(
  stationId: string,
  signal?: AbortSignal,
): Promise<TStationSmsSendingResponse> {
  return call(superadminSmsSending, { params: { id: stationId }, signal });
}

/** Texts already queued move to the new lane; the reply counts them in `moved_queued`. */
export function saveStationSmsSending(
  stationId: string,
  sending: TStationSmsSending,
): Promise<TStationSmsSendingResponse> {
  return call(superadminSaveSmsSending, { params: { id: stationId }, body: sending });
}
