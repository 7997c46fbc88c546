// The weather settings a test saves (PUT /admin/api/weather/settings): Coal County, OK (where the
// recorded tornado warning is), on, every severity followed, nothing sent automatically.
import { NWS_SEVERITIES, type TWeatherSettingsRequest } from '@message-station/shared';

export function weatherSettings(overrides: Partial<TWeatherSettingsRequest> = {}): TWeatherSettingsRequest {
  return {
    enabled: true,
    zones: [{ id: 'OKC029', name: 'Coal' }],
    event_types: [],
    severities: [...NWS_SEVERITIES],
    auto_send_severities: [],
    ...overrides,
  };
}
