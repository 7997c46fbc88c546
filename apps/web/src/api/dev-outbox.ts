// The development outbox (GET /dev/api/outbox): SMS and emails the dev provider stored instead of sending.
import { devOutbox, type TOutboxMessage } from '@message-station/shared';
import { call } from './call';

export type { TOutboxMessage } from '@message-station/shared';

/** Newest first. Throws ApiError 404 when the server sends through a real provider. */
export function getOutbox(signal?: AbortSignal): Promise<TOutboxMessage[]> {
  return call(devOutbox, { signal });
}
