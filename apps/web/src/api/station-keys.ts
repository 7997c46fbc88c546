// Typed calls of the station's API keys for integrations (decision 0045): the list, creating one and
// revoking one.
import {
  type TCreateStationKeyRequest,
  type TOk,
  type TStationKey,
  type TStationKeyCreated,
  usersCreateStationKey,
  usersRevokeStationKey,
  usersStationKeys,
} from '@message-station/shared';
import { call } from './call';

export function listStationKeys(signal?: AbortSignal): Promise<TStationKey[]> {
  return call(usersStationKeys, { signal });
}

/** The whole key is in this reply only. */
export function createStationKey(request: TCreateStationKeyRequest): Promise<TStationKeyCreated> {
  return call(usersCreateStationKey, { body: request });
}

export function revokeStationKey(id: string): Promise<TOk> {
  return call(usersRevokeStationKey, { params: { id } });
}
