// Development only: simulates a text sent to the station (POST /dev/api/inbound), e.g. STOP.
import { devInbound, type TDevInboundRequest, type TDevInboundResponse } from '@message-station/shared';
import { call } from './call';

export type { TDevInboundResponse as TInboundSmsReply } from '@message-station/shared';

/** `from` in E.164; the reply is what the station texted back, or null. */
export function sendInboundSms(from: string, body: string): Promise<TDevInboundResponse> {
  const request: TDevInboundRequest = { from, body };
  return call(devInbound, { body: request });
}
