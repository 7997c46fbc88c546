// The endpoint table (decision 0067): The dashboard: counts, activity and the first-run checklist.
import { ZActivityQuery, type ZActivityResponse, type ZDashboardStats } from '../delivery.js';
import { type ZFirstRun, ZFirstRunUpdate } from '../first-run.js';
import { endpoint } from './endpoint.js';

/** GET /admin/api/dashboard-stats */
export const dashboardStats = endpoint('GET', '/admin/api/dashboard-stats').returns<typeof ZDashboardStats>();

/** GET /admin/api/activity */
export const dashboardActivity = endpoint('GET', '/admin/api/activity', { query: ZActivityQuery }).returns<
  typeof ZActivityResponse
>();

/** GET /admin/api/dashboard/first-run */
export const dashboardFirstRun = endpoint('GET', '/admin/api/dashboard/first-run').returns<
  typeof ZFirstRun
>();

/** PUT /admin/api/dashboard/first-run */
export const dashboardSetFirstRun = endpoint('PUT', '/admin/api/dashboard/first-run', {
  body: ZFirstRunUpdate,
}).returns<typeof ZFirstRun>();

/** The area's entries by name. */
export const dashboardEndpoints = {
  stats: dashboardStats,
  activity: dashboardActivity,
  firstRun: dashboardFirstRun,
  setFirstRun: dashboardSetFirstRun,
};
