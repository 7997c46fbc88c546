// GET /dev/api/outbox (development only): the SMS and emails the dev provider kept instead of sending.
import { z } from 'zod';

export const ZOutboxQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });

export const ZOutboxMessage = z.object({
  id: z.string(),
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  from: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;

/** Newest first. */
export const ZOutboxList = z.array(ZOutboxMessage);
