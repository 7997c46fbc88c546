// Development only: simulates a text sent to the station (POST /dev/api/inbound), e.g. STOP.
import { api } from './client';

export type TInboundSmsReply = { reply: string | null };

/** `from` in E.164; the reply is what the station texted back, or null. */
export function sendInboundSms(from: string, body: string): Promise<TInboundSmsReply> {
  return api<TInboundSmsReply>('/dev/api/inbound', { method: 'POST', body: { from, body } });
}
