// Typed calls of the weather alerts page (/admin/api/weather, issue 23).
import type {
  TWeatherAlert,
  TWeatherAlertDetail,
  TWeatherCheckResult,
  TWeatherSettings,
  TWeatherSettingsRequest,
  TWeatherZoneOption,
} from '@message-station/shared';
import { api } from '../../api/client';

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
  return api<TWeatherSettings>('/admin/api/weather/settings', { signal });
}

export function saveWeatherSettings(request: TWeatherSettingsRequest): Promise<TWeatherSettings> {
  return api<TWeatherSettings>('/admin/api/weather/settings', { method: 'PUT', body: request });
}

export async function listStateZones(state: string, signal?: AbortSignal): Promise<TWeatherZoneOption[]> {
  const reply = await api<{ zones: TWeatherZoneOption[] }>(
    `/admin/api/weather/zones?state=${encodeURIComponent(state)}`,
    { signal },
  );
  return reply.zones;
}

export async function listEventTypes(signal?: AbortSignal): Promise<string[]> {
  return (await api<{ event_types: string[] }>('/admin/api/weather/event-types', { signal })).event_types;
}

export async function listWeatherAlerts(signal?: AbortSignal): Promise<TWeatherAlert[]> {
  return (await api<{ alerts: TWeatherAlert[] }>('/admin/api/weather/alerts', { signal })).alerts;
}

export function getWeatherAlert(id: string): Promise<TWeatherAlertDetail> {
  return api<TWeatherAlertDetail>(`/admin/api/weather/alerts/${encodeURIComponent(id)}`);
}

export function checkWeatherNow(): Promise<TWeatherCheckResult> {
  return api<TWeatherCheckResult>('/admin/api/weather/check', { method: 'POST' });
}
