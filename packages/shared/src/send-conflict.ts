// The 409 of a send, in a module of its own: the web reads it only in the send dialog, while the
// pages that read delivery.ts's plain constants (the dashboard) then build no zod schema.
import { z } from 'zod';

/**
 * 409 from POST …/send-sms: the message has a send already. `send_in_progress`: its texts are still
 * going out; `already_sent`: it went earlier. Either way a new send needs `send_again: true`.
 */
export const ZSendConflict = z.object({
  error: z.string(),
  code: z.enum(['send_in_progress', 'already_sent']),
  previous_send: z.object({
    send_id: z.string(),
    sent_at: z.string(),
    recipients: z.number(),
  }),
});
export type TSendConflict = z.infer<typeof ZSendConflict>;
