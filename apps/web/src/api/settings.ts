// Typed calls for the admin Settings page (spec §7 Admin): station settings, message types and the logo.
import type {
  TMessageTypeUpdate,
  TStationSettings,
  TStationSettingsRequest,
  TStationSettingsResponse,
} from '@message-station/shared';
import { api } from './client';
import type { TStationMessageType } from './sms-contacts';

/** Body of PUT /admin/api/message-types/{id}: the type key itself never changes. */
export type { TMessageTypeUpdate } from '@message-station/shared';
/** The signup wizard uploads the logo through the same call once the station exists. */
export { type TLogoUploadResponse, uploadStationLogo } from './registration';
export type { TStationMessageType } from './sms-contacts';

export function getStationSettings(signal?: AbortSignal): Promise<TStationSettings> {
  return api<TStationSettings>('/admin/api/station/settings', { signal });
}

/** Languages no longer supported move their subscriber choices to the primary language (counts in the reply). */
export function updateStationSettings(request: TStationSettingsRequest): Promise<TStationSettingsResponse> {
  return api<TStationSettingsResponse>('/admin/api/station/settings', { method: 'PUT', body: request });
}

export function updateMessageType(id: string, update: TMessageTypeUpdate): Promise<TStationMessageType> {
  return api<TStationMessageType>(`/admin/api/message-types/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: update,
  });
}
