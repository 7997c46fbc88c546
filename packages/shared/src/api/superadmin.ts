// The endpoint table (decision 0067): The superadmin's view of every station.
import { ZStationIdParams } from '../id-params.js';
import {
  type ZExitStationResponse,
  ZStationSmsSending,
  type ZStationSmsSendingResponse,
  type ZSuperadminDashboard,
  type ZSuperadminStatus,
  type ZSwitchStationResponse,
} from '../superadmin.js';
import { endpoint } from './endpoint.js';

/** GET /admin/api/superadmin/status */
export const superadminStatus = endpoint('GET', '/admin/api/superadmin/status').returns<
  typeof ZSuperadminStatus
>();

/** GET /admin/api/superadmin/dashboard */
export const superadminDashboard = endpoint('GET', '/admin/api/superadmin/dashboard').returns<
  typeof ZSuperadminDashboard
>();

/** POST /admin/api/superadmin/switch-station/:id */
export const superadminSwitchStation = endpoint('POST', '/admin/api/superadmin/switch-station/:id', {
  params: ZStationIdParams,
}).returns<typeof ZSwitchStationResponse>();

/** POST /admin/api/superadmin/exit-station */
export const superadminExitStation = endpoint('POST', '/admin/api/superadmin/exit-station').returns<
  typeof ZExitStationResponse
>();

/** GET /admin/api/superadmin/stations/:id/sms-sending */
export const superadminSmsSending = endpoint('GET', '/admin/api/superadmin/stations/:id/sms-sending', {
  params: ZStationIdParams,
}).returns<typeof ZStationSmsSendingResponse>();

/** PUT /admin/api/superadmin/stations/:id/sms-sending */
export const superadminSaveSmsSending = endpoint('PUT', '/admin/api/superadmin/stations/:id/sms-sending', {
  params: ZStationIdParams,
  body: ZStationSmsSending,
}).returns<typeof ZStationSmsSendingResponse>();

/** The area's entries by name. */
export const superadminEndpoints = {
  status: superadminStatus,
  dashboard: superadminDashboard,
  switchStation: superadminSwitchStation,
  exitStation: superadminExitStation,
  smsSending: superadminSmsSending,
  saveSmsSending: superadminSaveSmsSending,
};
