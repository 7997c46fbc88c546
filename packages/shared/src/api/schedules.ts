// The endpoint table (decision 0067): Scheduled sends.
import { ZMessageIdParams } from '../id-params.js';
import {
  type ZScheduleDetail,
  ZScheduleIdParams,
  type ZScheduleList,
  ZScheduleListQuery,
  ZScheduleRequest,
  type ZScheduleSaved,
} from '../schedules.js';
import { endpoint } from './endpoint.js';

/** GET /admin/api/schedules */
export const schedulesList = endpoint('GET', '/admin/api/schedules', { query: ZScheduleListQuery }).returns<
  typeof ZScheduleList
>();

/** GET /admin/api/schedules/:id */
export const schedulesGet = endpoint('GET', '/admin/api/schedules/:id', {
  params: ZScheduleIdParams,
}).returns<typeof ZScheduleDetail>();

/** POST /admin/api/messages/:id/schedules */
export const schedulesCreate = endpoint('POST', '/admin/api/messages/:id/schedules', {
  params: ZMessageIdParams,
  body: ZScheduleRequest,
}).returns<typeof ZScheduleSaved>();

/** PUT /admin/api/schedules/:id */
export const schedulesUpdate = endpoint('PUT', '/admin/api/schedules/:id', {
  params: ZScheduleIdParams,
  body: ZScheduleRequest,
}).returns<typeof ZScheduleSaved>();

/** POST /admin/api/schedules/:id/cancel */
export const schedulesCancel = endpoint('POST', '/admin/api/schedules/:id/cancel', {
  params: ZScheduleIdParams,
}).returns<typeof ZScheduleDetail>();

/** The area's entries by name. */
export const schedulesEndpoints = {
  list: schedulesList,
  get: schedulesGet,
  create: schedulesCreate,
  update: schedulesUpdate,
  cancel: schedulesCancel,
};
