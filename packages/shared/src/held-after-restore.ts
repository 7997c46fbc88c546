// Texts held after a restore (decision 0055): texts that were not final when the restored backup
// was taken may have gone out since, so they wait for an admin's decision instead of going out
// again. The admin sends them (the provider is asked first: a text it already has is recorded as
// sent, only the others go) or cancels them (none goes; credits of those not sent come back).
import { z } from 'zod';

/** The held texts of one message (its detail) or of the station (the dashboard). */
export const ZHeldAfterRestore = z.object({
  /** Texts held, waiting for a decision; 0 when none. */
  held: z.number().int(),
  /** Of those, texts that were in the provider's hands when the backup was taken. */
  in_flight: z.number().int(),
  /** When the latest restore that held them was done; null when none is held. */
  restored_at: z.string().nullable(),
  /** The station's messages with held texts, most first (the dashboard; empty for one message). */
  messages: z.array(z.object({ message_id: z.string(), title: z.string(), held: z.number().int() })),
});
export type THeldAfterRestore = z.infer<typeof ZHeldAfterRestore>;

export const HELD_DECISIONS = ['send', 'cancel'] as const;

export const ZHeldDecision = z.object({ action: z.enum(HELD_DECISIONS) });
export type THeldDecision = z.infer<typeof ZHeldDecision>;

/** What the decision did to the message's held texts. */
export const ZHeldDecisionResult = z.object({
  action: z.enum(HELD_DECISIONS),
  /** The provider has them: recorded as sent, not sent again. */
  already_sent: z.number().int(),
  /** Send: the provider has no such text; queued to go out now. */
  queued: z.number().int(),
  /** Cancel: not sent; marked failed ("cancelled after a restore") and their credits refunded. */
  cancelled: z.number().int(),
  /** Whether the provider was asked (cancel goes ahead without its answer). */
  provider_checked: z.boolean(),
});
export type THeldDecisionResult = z.infer<typeof ZHeldDecisionResult>;
