// Typed calls for texts held after a restore of the database (decision 0055): how many of a
// message's (or the station's) texts wait for an admin, and the admin's Send them / Cancel them.
import type { THeldAfterRestore, THeldDecisionResult } from '@message-station/shared';
import { api } from './client';

export type { THeldAfterRestore, THeldDecisionResult } from '@message-station/shared';

const heldPath = (messageId: string) =>
  `/admin/api/messages/${encodeURIComponent(messageId)}/held-after-restore`;

export function getMessageHeldTexts(messageId: string, signal?: AbortSignal): Promise<THeldAfterRestore> {
  return api<THeldAfterRestore>(heldPath(messageId), { signal });
}

export function getStationHeldTexts(signal?: AbortSignal): Promise<THeldAfterRestore> {
  return api<THeldAfterRestore>('/admin/api/held-after-restore', { signal });
}

/** Send: only the texts the SMS provider does not have go out. Cancel: none goes. */
export function decideHeldTexts(messageId: string, action: 'send' | 'cancel'): Promise<THeldDecisionResult> {
  return api<THeldDecisionResult>(`${heldPath(messageId)}/${action}`, { method: 'POST' });
}
