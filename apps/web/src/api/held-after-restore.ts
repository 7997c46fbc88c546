// Typed calls for texts held after a restore of the database (decision 0055): how many of a
// message's (or the station's) texts wait for an admin, and the admin's Send them / Cancel them.
import {
  deliveryHeldCancel,
  deliveryHeldForMessage,
  deliveryHeldForStation,
  deliveryHeldSend,
  type THeldAfterRestore,
  type THeldDecisionResult,
} from '@message-station/shared';
import { call } from './call';

export type { THeldAfterRestore, THeldDecisionResult } from '@message-station/shared';

export function getMessageHeldTexts(messageId: string, signal?: AbortSignal): Promise<THeldAfterRestore> {
  return call(deliveryHeldForMessage, { params: { id: messageId }, signal });
}

export function getStationHeldTexts(signal?: AbortSignal): Promise<THeldAfterRestore> {
  return call(deliveryHeldForStation, { signal });
}

/** Send: only the texts the SMS provider does not have go out. Cancel: none goes. */
export function decideHeldTexts(messageId: string, action: 'send' | 'cancel'): Promise<THeldDecisionResult> {
  return call(action === 'send' ? deliveryHeldSend : deliveryHeldCancel, { params: { id: messageId } });
}
