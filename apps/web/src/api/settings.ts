// Typed calls for the admin Settings page: station settings, message types and the logo.
import {
  stationSaveSettings,
  stationSettings,
  stationUpdateMessageType,
  type TMessageTypeUpdate,
  type TStationSettings,
  type TStationSettingsRequest,
  type TStationSettingsResponse,
} from '@message-station/shared';
import { call } from './call';
import type { TStationMessageType } from './sms-contacts';

/** Body of PUT /admin/api/message-types/{id}: the type key itself never changes. */
export type { TMessageTypeUpdate } from '@message-station/shared';
/** The signup wizard uploads the logo through the same call once the station exists. */
export { type TLogoUploadResponse, uploadStationLogo } from './registration';
export type { TStationMessageType } from './sms-contacts';

export function getStationSettings(signal?: AbortSignal): Promise<TStationSettings> {
  return call(stationSettings, { signal });
}

/** Languages no longer supported move their subscriber choices to the primary language (counts in the reply). */
export function updateStationSettings(request: TStationSettingsRequest): Promise<TStationSettingsResponse> {
  return call(stationSaveSettings, { body: request });
}

export function updateMessageType(id: string, update: TMessageTypeUpdate): Promise<TStationMessageType> {
  return call(stationUpdateMessageType, { params: { id }, body: update });
}
