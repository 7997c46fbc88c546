// The first-run checklist on a new station's dashboard: what the server computes from the
// station's rows, and the admin's choice to hide it.
import { z } from 'zod';

/** In the order the dashboard lists them; each links to the page where it is done. */
export const FIRST_RUN_STEPS = [
  /** Settings → SMS: sending switched on. */
  'sms_enabled',
  /** The station offers a language besides its primary one. */
  'languages',
  /** An admin edited a message type or its wording (the audit trail holds it). */
  'message_types',
  /** An active subscriber, e.g. through the join link or its QR code. */
  'first_subscriber',
  'first_message',
  /** A desktop app signed in and connected once. */
  'desktop_app',
] as const;
export type TFirstRunStep = (typeof FIRST_RUN_STEPS)[number];

/** GET /admin/api/dashboard/first-run (admins). */
export const ZFirstRun = z.object({
  steps: z.array(z.object({ key: z.enum(FIRST_RUN_STEPS), done: z.boolean() })),
  /** Every step is done: the dashboard shows no checklist. */
  complete: z.boolean(),
  /** An admin hid the checklist for the station. */
  hidden: z.boolean(),
});
export type TFirstRun = z.infer<typeof ZFirstRun>;

/** PUT /admin/api/dashboard/first-run: hide the checklist (or show it again). */
export const ZFirstRunUpdate = z.object({ hidden: z.boolean() });
export type TFirstRunUpdate = z.infer<typeof ZFirstRunUpdate>;
