// The refusal of a send because the message has an earlier one. Apart from
// delivery.ts: it reads the answer with a zod schema, and only the send dialog needs it, so the
// pages that show delivery figures (the dashboard) load no zod.
import { type TSendConflict, ZSendConflict } from '@message-station/shared';
import { ApiError } from './client';

/** The earlier send a 409 names, when the refusal is that the message has one; else null. */
export function sendConflictOf(error: unknown): TSendConflict | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const conflict = ZSendConflict.safeParse(error.body);
  return conflict.success ? conflict.data : null;
}
