// The endpoint table (decision 0067): Weather alerts as drafts (decision 0047).
import {
  type ZWeatherAlertDetail,
  ZWeatherAlertIdParams,
  type ZWeatherAlertList,
  type ZWeatherCheckResult,
  type ZWeatherEventTypes,
  type ZWeatherSettings,
  ZWeatherSettingsRequest,
  type ZWeatherZoneList,
  ZWeatherZonesQuery,
} from '../weather.js';
import { endpoint } from './endpoint.js';

/** GET /admin/api/weather/settings */
export const weatherSettings = endpoint('GET', '/admin/api/weather/settings').returns<
  typeof ZWeatherSettings
>();

/** PUT /admin/api/weather/settings */
export const weatherSaveSettings = endpoint('PUT', '/admin/api/weather/settings', {
  body: ZWeatherSettingsRequest,
}).returns<typeof ZWeatherSettings>();

/** GET /admin/api/weather/zones */
export const weatherZones = endpoint('GET', '/admin/api/weather/zones', {
  query: ZWeatherZonesQuery,
}).returns<typeof ZWeatherZoneList>();

/** GET /admin/api/weather/event-types */
export const weatherEventTypes = endpoint('GET', '/admin/api/weather/event-types').returns<
  typeof ZWeatherEventTypes
>();

/** GET /admin/api/weather/alerts */
export const weatherAlerts = endpoint('GET', '/admin/api/weather/alerts').returns<typeof ZWeatherAlertList>();

/** GET /admin/api/weather/alerts/:id */
export const weatherAlert = endpoint('GET', '/admin/api/weather/alerts/:id', {
  params: ZWeatherAlertIdParams,
}).returns<typeof ZWeatherAlertDetail>();

/** POST /admin/api/weather/check */
export const weatherCheck = endpoint('POST', '/admin/api/weather/check').returns<
  typeof ZWeatherCheckResult
>();

/** The area's entries by name. */
export const weatherEndpoints = {
  settings: weatherSettings,
  saveSettings: weatherSaveSettings,
  zones: weatherZones,
  eventTypes: weatherEventTypes,
  alerts: weatherAlerts,
  alert: weatherAlert,
  check: weatherCheck,
};
