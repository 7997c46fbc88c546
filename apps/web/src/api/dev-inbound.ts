// Development only: simulates a text sent to the station (POST /dev/api/inbound), e.g. STOP.
import type { TDevInboundRequest, TDevInboundResponse } from '@message-station/shared';
import { api } from './client';

export type { TDevInboundResponse as TInboundSmsReply } from '@message-station/shared';

/** `from` in E.164; the reply is what the station texted back, or null. */
export function sendInboundSms(from: string, body: string): Promise<TDevInboundResponse> {
  const request: TDevInboundRequest = { from, body };
  return api<TDevInboundResponse>('/dev/api/inbound', { method: 'POST', body: request });
}
