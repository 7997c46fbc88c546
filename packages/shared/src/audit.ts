// The audit log (decision 0021): who did what, when and from where. The server sends action codes
// and their parameters; the client words them.
import { z } from 'zod';
import { refusal } from './issue-message.js';
import { TEXT_LIMITS, textField } from './text-field.js';

/** Every action the server records; the web has a sentence for each in en and es. */
export const AUDIT_ACTIONS = [
  'auth.signed_in',
  'auth.sign_in_failed',
  'auth.signed_out',
  'auth.password_reset_requested',
  'auth.password_reset_completed',
  'account.password_changed',
  'account.session_revoked',
  'account.sessions_revoked',
  'account.two_factor_enabled',
  'account.two_factor_disabled',
  'user.created',
  'user.updated',
  'user.deleted',
  'user.invited',
  'user.invitation_resent',
  'user.invitation_revoked',
  'user.invitation_accepted',
  'api_key.created',
  'api_key.revoked',
  'station_key.created',
  'station_key.revoked',
  'settings.updated',
  'settings.logo_changed',
  'settings.sms_text_updated',
  'settings.translation_engines_updated',
  'settings.glossary_updated',
  'settings.inbox_updated',
  'settings.voices_updated',
  'settings.security_updated',
  'message_type.updated',
  'message_type.wording_edited',
  'message.created',
  'message.updated',
  'message.deleted',
  'message.translation_edited',
  'message.translation_reviewed',
  'message.translation_chosen',
  'message.sms_sent',
  'message.held_texts_sent',
  'message.held_texts_cancelled',
  'message.played',
  'message.stopped',
  'message.exported',
  'message.approval_requested',
  'message.approval_resubmitted',
  'message.approved',
  'message.rejected',
  'schedule.created',
  'schedule.updated',
  'schedule.cancelled',
  'schedule.ran',
  'schedule.failed',
  'template.created',
  'template.updated',
  'template.deleted',
  'template.translation_edited',
  'template.translation_reviewed',
  'template.used',
  'contact.added',
  'contact.preferences_changed',
  'contact.status_changed',
  'contact.inbox_replied',
  'contacts.imported',
  'billing.changed',
  'sms_sending.updated',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.secret_rolled',
  'webhook.secret_revealed',
  'webhook.test_sent',
  'webhook.delivery_replayed',
  'webhook.disabled',
  'weather.settings_updated',
  'weather.checked',
  'weather.auto_sent',
  'superadmin.station_viewed',
  'superadmin.station_exited',
  'request.recorded',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

/** The first part of every code: the filter's choices. */
export const AUDIT_AREAS = [
  'auth',
  'account',
  'user',
  'api_key',
  'station_key',
  'settings',
  'message_type',
  'message',
  'schedule',
  'template',
  'contact',
  'contacts',
  'billing',
  'sms_sending',
  'webhook',
  'weather',
  'superadmin',
] as const;

export const ZAuditEntry = z.object({
  id: z.string(),
  created_at: z.string(),
  action: z.string(),
  actor: z
    .object({
      user_id: z.string().nullable(),
      /** As it was when the action happened. */
      email: z.string().nullable(),
      /** The user's name today; null once the user is deleted. */
      full_name: z.string().nullable(),
      is_superadmin: z.boolean(),
    })
    .nullable(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  /** Parameters of the action; `before` / `after` hold the changed fields of an edit. */
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

const ZDay = z.iso.date(refusal('invalid_value', { detail: 'Dates are written YYYY-MM-DD' }));

export const ZAuditQuery = z.object({
  /** `user` matches user.created, user.updated …; a whole code matches only itself. */
  action: z
    .string()
    .max(64)
    .regex(/^[a-z_.]+$/, refusal('invalid_value', { detail: 'Unknown action' }))
    .optional(),
  actor: z.uuid(refusal('invalid_value', { detail: 'Unknown user' })).optional(),
  /** Days in UTC, both included. */
  from: ZDay.optional(),
  to: ZDay.optional(),
  cursor: textField({ label: 'Cursor', max: TEXT_LIMITS.token }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TAuditQuery = z.input<typeof ZAuditQuery>;

export const ZAuditPage = z.object({
  entries: z.array(ZAuditEntry),
  /** Pass back as `cursor` for older entries; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type TAuditPage = z.infer<typeof ZAuditPage>;
