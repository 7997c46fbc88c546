// The development outbox (GET /dev/api/outbox): SMS and emails the dev provider stored instead of sending.
import type { TOutboxMessage } from '@message-station/shared';
import { api } from './client';

export type { TOutboxMessage } from '@message-station/shared';

/** Newest first. Throws ApiError 404 when the server sends through a real provider. */
export function getOutbox(signal?: AbortSignal): Promise<TOutboxMessage[]> {
  return api<TOutboxMessage[]>('/dev/api/outbox', { signal });
}
