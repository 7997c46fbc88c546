// Typed calls of the weather alerts page (/admin/api/weather; decision 0047).
import {
  type TWeatherAlert,
  type TWeatherAlertDetail,
  type TWeatherCheckResult,
  type TWeatherSettings,
  type TWeatherSettingsRequest,
  type TWeatherZoneOption,
  weatherAlert,
  weatherAlerts,
  weatherCheck,
  weatherEventTypes,
  weatherSaveSettings,
  weatherSettings,
  weatherZones,
} from '@message-station/shared';
import { call, type TQueryOf } from './call';

export type {
  TWeatherAlert,
  TWeatherAlertDetail,
  TWeatherCheckResult,
  TWeatherSettings,
  TWeatherSettingsRequest,
  TWeatherZone,
  TWeatherZoneOption,
} from '@message-station/shared';

export function getWeatherSettings(signal?: AbortSignal): Promise<TWeatherSettings> {
  return call(weatherSettings, { signal });
}

export function saveWeatherSettings(request: TWeatherSettingsRequest): Promise<TWeatherSettings> {
  return call(weatherSaveSettings, { body: request });
}

/** The route's state code (a select's value here; the server checks it). */
type TState = TQueryOf<typeof weatherZones>['state'];

export async function listStateZones(state: string, signal?: AbortSignal): Promise<TWeatherZoneOption[]> {
  const reply = await call(weatherZones, { query: { state: state as TState }, signal });
  return reply.zones;
}

export async function listEventTypes(signal?: AbortSignal): Promise<string[]> {
  return (await call(weatherEventTypes, { signal })).event_types;
}

export async function listWeatherAlerts(signal?: AbortSignal): Promise<TWeatherAlert[]> {
  return (await call(weatherAlerts, { signal })).alerts;
}

export function getWeatherAlert(id: string): Promise<TWeatherAlertDetail> {
  return call(weatherAlert, { params: { id } });
}

export function checkWeatherNow(): Promise<TWeatherCheckResult> {
  return call(weatherCheck);
}
