// The development outbox (GET /dev/api/outbox): SMS and emails the dev provider stored instead of sending.
import { api } from './client';

export type TOutboxMessage = {
  id: string;
  channel: 'sms' | 'email';
  to: string;
  from: string;
  subject: string | null;
  body: string;
  created_at: string;
};

/** Newest first. Throws ApiError 404 when the server sends through a real provider. */
export function getOutbox(signal?: AbortSignal): Promise<TOutboxMessage[]> {
  return api<TOutboxMessage[]>('/dev/api/outbox', { signal });
}
