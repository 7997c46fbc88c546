// What each state-changing route records (decision 0021): its action code, its target, the view
// read before and after it (the row keeps the changed fields) and the parameters of the action.
// A route missing here is still recorded as "request.recorded"; audit-coverage.test.ts names it.

import { LOGIN_CHALLENGE_COOKIE } from '@message-station/shared';
import type { FastifyRequest } from 'fastify';
import type { TAppContext } from '../../app-context.js';
import type { TAuth } from '../../platform/session.js';
import { sha256 } from '../../platform/tokens.js';
import { findTokenUserId, type TSignInToken } from '../auth/trail-service.js';
import { findStripeEvent } from '../billing/trail-service.js';
import { stationSending } from '../delivery/service.js';
import { getMessage } from '../messages/service.js';
import { getSchedule } from '../schedules/service.js';
import { getStationSettings, listMessageTypes, stationRequiresTwoFactor } from '../station/service.js';
import { getStationKey } from '../station-keys/service.js';
import { findContactView } from '../subscribers/trail-service.js';
import { getTemplate } from '../templates/service.js';
import { findInvitationStation, getInvitation } from '../users/invitation-service.js';
import { findUserByEmail, getStationUser } from '../users/service.js';
import { findAccount } from '../users/trail-service.js';
import { findWeatherSettings } from '../weather/trail-service.js';
import { getWebhookEndpoint } from '../webhooks/service.js';
import type { TAuditActor } from './service.js';

export type TRuleCall = {
  ctx: TAppContext;
  request: FastifyRequest;
  /** The session as it was before the handler (sign-out ends it). */
  auth: TAuth | null;
  /** The JSON answer of a successful call. */
  reply: unknown;
  /** The account the rule's `subject` found before the handler. */
  subject: TSubject | null;
};

type TView = Record<string, unknown>;
export type TSubject = TAuditActor & { stationId: string };

export type TAuditRule = {
  action: string;
  /** Refusals worth recording, by status (a wrong password). */
  failedAction?: Partial<Record<number, string>>;
  target?: string;
  /** The target's id; the :id parameter when not given. */
  targetId?: (call: TRuleCall) => string | null | undefined;
  /** The object as staff can change it, read before and after: the row keeps what changed. */
  view?: (call: TRuleCall) => Promise<TView | null>;
  /** Parameters of the action (`view` is the object as it was, or as created); null records nothing. */
  details?: (call: TRuleCall, view: TView | null) => TView | null | Promise<TView | null>;
  /** The account concerned when no session says (sign-in, a reset link); it is the target. */
  subject?: (call: TRuleCall) => Promise<TSubject | null>;
  /** On success the subject is also who acted (they signed in). */
  subjectActs?: boolean;
  /** The station the row belongs to, when it is not the session's. */
  station?: (call: TRuleCall) => string | null | undefined | Promise<string | null | undefined>;
};

const paramsOf = (call: TRuleCall) => call.request.params as Record<string, string>;
const bodyOf = (call: TRuleCall) => (call.request.body ?? {}) as Record<string, unknown>;
const replyOf = (call: TRuleCall) => (call.reply ?? {}) as Record<string, unknown>;
const stationOf = (call: TRuleCall) => call.auth?.stationId ?? '';

/** The account a sign-in token belongs to: auth knows the token's user, users the account. */
async function accountByToken(call: TRuleCall, kind: TSignInToken, token: unknown): Promise<TSubject | null> {
  if (typeof token !== 'string' || !token) return null;
  const userId = await findTokenUserId(call.ctx.db, kind, sha256(token));
  return userId ? findAccount(call.ctx.db, userId) : null;
}

async function accountByEmail(call: TRuleCall): Promise<TSubject | null> {
  const email = bodyOf(call).email;
  if (typeof email !== 'string') return null;
  const user = await findUserByEmail(call.ctx.db, email);
  if (!user) return null;
  return { userId: user.id, email: user.email, stationId: user.stationId, isSuperadmin: user.isSuperadmin };
}

async function userView(call: TRuleCall): Promise<TView> {
  const user = await getStationUser({ db: call.ctx.db, stationId: stationOf(call) }, paramsOf(call).id ?? '');
  return {
    full_name: user.full_name,
    email: user.email,
    phone_number: user.phone_number,
    role: user.role,
    api_access_enabled: user.api_access_enabled,
  };
}

async function messageView(call: TRuleCall): Promise<TView> {
  const message = await getMessage({ db: call.ctx.db, stationId: stationOf(call) }, paramsOf(call).id ?? '');
  return {
    title: message.title,
    original: message.original,
    original_language: message.original_language,
    message_type: message.message_type,
    target_languages: message.target_languages,
  };
}

const label = (key: string) => (_call: TRuleCall, view: TView | null) => ({ label: view?.[key] ?? null });
const replyLabel = (key: string) => (call: TRuleCall) => ({ label: replyOf(call)[key] ?? null });
const emailLabel = (call: TRuleCall) => ({ label: call.subject?.email ?? bodyOf(call).email ?? null });
const ownAccount = (action: string, details?: TAuditRule['details']): TAuditRule => ({
  action,
  target: 'user',
  targetId: (call) => call.auth?.userId,
  details,
});
const replyId = (call: TRuleCall) => replyOf(call).id as string | undefined;

const userRule = (action: string): TAuditRule => ({
  action,
  target: 'user',
  view: userView,
  details: label('email'),
});
const invitationRule = (action: string): TAuditRule => ({
  action,
  target: 'invitation',
  view: async (call) => {
    const invitation = await getInvitation(
      call.ctx.db,
      stationOf(call),
      paramsOf(call).id ?? '',
      call.ctx.now(),
    );
    return { email: invitation.email, role: invitation.role };
  },
  details: label('email'),
});
const messageRule = (action: string): TAuditRule => ({
  action,
  target: 'message',
  view: messageView,
  details: label('title'),
});
/** A send by SMS: how many texts, credits and how many wait for quiet hours (web app and API v1). */
const smsSentRule: TAuditRule = {
  ...messageRule('message.sms_sent'),
  details: (call, view) => {
    const result = replyOf(call);
    return {
      label: view?.title ?? null,
      count: result.sent_count ?? 0,
      credits: result.credits ?? 0,
      waiting: result.waiting ?? 0,
    };
  },
};
/** An admin's decision on texts held after a restore (decision 0055): what it did. */
const heldTextsRule = (action: string): TAuditRule => ({
  ...messageRule(action),
  details: (call, view) => {
    const result = replyOf(call);
    return {
      label: view?.title ?? null,
      already_sent: result.already_sent ?? 0,
      queued: result.queued ?? 0,
      cancelled: result.cancelled ?? 0,
      provider_checked: result.provider_checked ?? false,
    };
  },
});
const templateRule = (action: string): TAuditRule => ({
  action,
  target: 'template',
  view: async (call) => {
    const template = await getTemplate(
      { db: call.ctx.db, stationId: stationOf(call) },
      paramsOf(call).id ?? '',
    );
    return {
      name: template.name,
      message_type: template.message_type,
      title: template.title,
      original: template.original,
      original_language: template.original_language,
    };
  },
  details: label('name'),
});
const templateTranslationRule = (action: string): TAuditRule => ({
  ...templateRule(action),
  details: (call, view) => ({ label: view?.name ?? null, language: paramsOf(call).language ?? null }),
});
/** A schedule as staff change it: when, how often, what it does. */
async function scheduleView(call: TRuleCall): Promise<TView> {
  const schedule = await getSchedule(
    { db: call.ctx.db, stationId: stationOf(call) },
    paramsOf(call).id ?? '',
  );
  return {
    message_title: schedule.message_title,
    repeat: schedule.repeat,
    start_date: schedule.start_date,
    time: schedule.time,
    ends_on: schedule.ends_on,
    max_runs: schedule.max_runs,
    send_sms: schedule.send_sms,
    machines: schedule.machines.map((m) => m.name).join(', '),
  };
}
const scheduleRule = (action: string): TAuditRule => ({
  action,
  target: 'schedule',
  view: scheduleView,
  details: label('message_title'),
});
const playbackRule = (action: string): TAuditRule => ({
  action,
  target: 'message',
  view: messageView,
  details: (call, view) => ({ label: view?.title ?? null, client_id: bodyOf(call).client_id ?? null }),
});
const contactRule = (action: string): TAuditRule => ({
  action,
  target: 'contact',
  view: (call) => findContactView(call.ctx.db, stationOf(call), paramsOf(call).id ?? ''),
  details: label('name'),
});

/** An outbound webhook endpoint as admins change it (never its secret). */
const webhookRule = (action: string): TAuditRule => ({
  action,
  target: 'webhook',
  view: async (call) => {
    const endpoint = await getWebhookEndpoint(
      { db: call.ctx.db, stationId: stationOf(call) },
      paramsOf(call).id ?? '',
    );
    return {
      url: endpoint.url,
      description: endpoint.description,
      events: endpoint.events.join(', '),
      enabled: endpoint.enabled,
    };
  },
  details: label('url'),
});

export const AUDIT_RULES: Record<string, TAuditRule | null> = {
  'POST /auth/login': {
    action: 'auth.signed_in',
    failedAction: { 401: 'auth.sign_in_failed' },
    target: 'user',
    subject: accountByEmail,
    subjectActs: true,
    // With a second factor the sign-in is recorded at the code step, once it succeeds or fails.
    details: (call) =>
      (call.reply as { twoFactorRequired?: boolean } | null)?.twoFactorRequired ? null : emailLabel(call),
  },
  'POST /auth/login/two-factor': {
    action: 'auth.signed_in',
    failedAction: { 401: 'auth.sign_in_failed' },
    target: 'user',
    subject: (call) => accountByToken(call, 'challenge', call.request.cookies[LOGIN_CHALLENGE_COOKIE]),
    subjectActs: true,
    details: (call) => ({ ...emailLabel(call), two_factor: true }),
  },
  'POST /auth/logout': { action: 'auth.signed_out' },
  'POST /auth/password-reset/request': {
    action: 'auth.password_reset_requested',
    target: 'user',
    subject: accountByEmail,
    // Signed in, it is an admin sending the link to one of the station's users.
    details: (call) => ({ ...emailLabel(call), by_admin: call.auth !== null }),
  },
  // Checks a link and texts a code: nothing changes yet.
  'POST /auth/password-reset/verify': null,
  'POST /auth/password-reset/complete': {
    action: 'auth.password_reset_completed',
    target: 'user',
    subjectActs: true,
    subject: (call) => accountByToken(call, 'reset', bodyOf(call).token),
  },

  'POST /admin/api/account/password': ownAccount('account.password_changed', (call) => ({
    revoked_sessions: replyOf(call).revoked ?? 0,
  })),
  'DELETE /admin/api/account/sessions/:id': ownAccount('account.session_revoked', (call) => ({
    session_id: paramsOf(call).id ?? null,
  })),
  'POST /admin/api/account/sessions/revoke-others': ownAccount('account.sessions_revoked', (call) => ({
    revoked_sessions: replyOf(call).revoked ?? 0,
  })),
  // A secret to scan: nothing is on until the first code confirms it.
  'POST /admin/api/account/two-factor/setup': null,
  // The interface language (emails' language): a preference, not a security event.
  'PUT /admin/api/account/language': null,
  // The dashboard's first-run checklist hidden or shown: a view preference, not a security event.
  'PUT /admin/api/dashboard/first-run': null,
  'POST /admin/api/account/two-factor/enable': ownAccount('account.two_factor_enabled'),
  'POST /admin/api/account/two-factor/disable': ownAccount('account.two_factor_disabled'),
  'PUT /admin/api/station/security': {
    action: 'settings.security_updated',
    target: 'station',
    targetId: stationOf,
    view: async (call) => ({
      require_two_factor: await stationRequiresTwoFactor(call.ctx.db, stationOf(call)),
    }),
  },

  // Add User invites (decision 0025): the account is made, and recorded, when the link is accepted.
  'POST /admin/api/users': {
    action: 'user.invited',
    target: 'invitation',
    targetId: replyId,
    details: (call) => {
      const invitation = replyOf(call);
      return {
        label: invitation.email ?? null,
        role: invitation.role ?? null,
        api_access_enabled: bodyOf(call).api_access_enabled ?? true,
      };
    },
  },
  'POST /admin/api/invitations/:id/resend': invitationRule('user.invitation_resent'),
  'DELETE /admin/api/invitations/:id': invitationRule('user.invitation_revoked'),
  'POST /auth/invitations/accept': {
    action: 'user.invitation_accepted',
    target: 'user',
    targetId: replyId,
    station: async (call) => {
      const token = bodyOf(call).token;
      return typeof token === 'string' ? findInvitationStation(call.ctx.db, sha256(token)) : null;
    },
    details: replyLabel('email'),
  },
  'PUT /admin/api/users/:id': userRule('user.updated'),
  'DELETE /admin/api/users/:id': userRule('user.deleted'),
  'POST /admin/api/users/:id/api-key': userRule('api_key.created'),
  'DELETE /admin/api/users/:id/api-key': userRule('api_key.revoked'),
  // Integration keys (issue 23): the name, visible prefix and scopes; never the key.
  'POST /admin/api/station-keys': {
    action: 'station_key.created',
    target: 'station_key',
    targetId: (call) => (replyOf(call).station_key as { id?: string } | undefined)?.id,
    details: (call) => {
      const created = (replyOf(call).station_key ?? {}) as Record<string, unknown>;
      return {
        label: created.name ?? null,
        key_prefix: created.key_prefix ?? null,
        scopes: created.scopes ?? null,
        rate_limit_per_minute: created.rate_limit_per_minute ?? null,
      };
    },
  },
  'DELETE /admin/api/station-keys/:id': {
    action: 'station_key.revoked',
    target: 'station_key',
    view: async (call) => {
      const key = await getStationKey(
        { db: call.ctx.db, stationId: stationOf(call) },
        paramsOf(call).id ?? '',
      );
      return { name: key.name, key_prefix: key.key_prefix, scopes: key.scopes };
    },
    details: (_call, view) => ({ label: view?.name ?? null, key_prefix: view?.key_prefix ?? null }),
  },

  'PUT /admin/api/station/settings': {
    action: 'settings.updated',
    target: 'station',
    targetId: stationOf,
    view: async (call) => {
      const { join_url, unsubscribe_url, ...settings } = await getStationSettings(
        call.ctx.db,
        call.ctx.config.publicUrl,
        stationOf(call),
      );
      return settings;
    },
  },
  'POST /admin/api/station/logo': { action: 'settings.logo_changed', target: 'station', targetId: stationOf },
  'PUT /admin/api/settings/sms-texts': {
    action: 'settings.sms_text_updated',
    target: 'station',
    targetId: stationOf,
    details: (call) => {
      const body = bodyOf(call);
      return { label: `${String(body.kind)} (${String(body.language)})`, reset: body.text === null };
    },
  },
  // Which engines, in which order; never a key (the view and details hold none).
  'PUT /admin/api/settings/translation': {
    action: 'settings.translation_engines_updated',
    target: 'station',
    targetId: stationOf,
    details: (call) => {
      const engines = (bodyOf(call).engines ?? []) as { engine?: unknown }[];
      return { label: engines.map((e) => String(e.engine)).join(', ') || '—' };
    },
  },
  'POST /admin/api/settings/translation/test': null,
  'PUT /admin/api/settings/voice': {
    action: 'settings.voices_updated',
    target: 'station',
    targetId: stationOf,
    details: (call) => {
      const voices = (bodyOf(call).voices ?? []) as { language?: unknown; voice?: unknown }[];
      return { label: voices.map((v) => `${String(v.language)}: ${v.voice ?? 'default'}`).join(', ') || '—' };
    },
  },
  // Renders a sample; changes nothing.
  'POST /admin/api/settings/voice/sample': null,
  'PUT /admin/api/settings/glossary': {
    action: 'settings.glossary_updated',
    target: 'station',
    targetId: stationOf,
    details: (call) => ({ count: ((bodyOf(call).terms ?? []) as unknown[]).length }),
  },
  'PUT /admin/api/message-types/:id': {
    action: 'message_type.updated',
    target: 'message_type',
    view: async (call) => {
      const types = await listMessageTypes(call.ctx.db, stationOf(call));
      const type = types.find((t) => t.id === paramsOf(call).id);
      if (!type) return null;
      return {
        message_type: type.messageType,
        display_name: type.displayName,
        description: type.description,
        color_code: type.colorCode,
        is_active: type.isActive,
      };
    },
    details: label('display_name'),
  },
  'PUT /admin/api/message-types/:id/translations/:language': {
    action: 'message_type.wording_edited',
    target: 'message_type',
    details: (call) => ({
      label: bodyOf(call).display_name ?? null,
      language: paramsOf(call).language ?? null,
    }),
  },

  'POST /admin/api/messages': {
    action: 'message.created',
    target: 'message',
    targetId: replyId,
    details: replyLabel('title'),
  },
  // An emergency template (decision 0050): a message created like any other, which entry it came from kept.
  'POST /admin/api/messages/phrasebook': {
    action: 'message.created',
    target: 'message',
    targetId: replyId,
    details: (call) => ({ ...replyLabel('title')(call), phrase_id: bodyOf(call).phrase_id ?? null }),
  },
  'PUT /admin/api/messages/:id': messageRule('message.updated'),
  'DELETE /admin/api/messages/:id': messageRule('message.deleted'),
  'PUT /admin/api/messages/:id/translations/:language': {
    ...messageRule('message.translation_edited'),
    view: undefined,
    details: (call) => ({ label: null, language: paramsOf(call).language ?? null }),
  },
  'POST /admin/api/messages/:id/translations/:language/review': {
    ...messageRule('message.translation_reviewed'),
    view: undefined,
    details: (call) => ({ label: null, language: paramsOf(call).language ?? null }),
  },
  // Changes nothing: the translation read back by an engine.
  'POST /admin/api/messages/:id/translations/:language/back-translation': null,
  'POST /admin/api/messages/:id/translations/:language/choose': {
    ...messageRule('message.translation_chosen'),
    view: undefined,
    details: (call) => ({
      label: null,
      language: paramsOf(call).language ?? null,
      kept: (call.request.body as { keep?: string } | undefined)?.keep ?? null,
    }),
  },
  'POST /admin/api/messages/:id/send-sms': smsSentRule,
  'POST /admin/api/messages/:id/held-after-restore/send': heldTextsRule('message.held_texts_sent'),
  'POST /admin/api/messages/:id/held-after-restore/cancel': heldTextsRule('message.held_texts_cancelled'),
  'POST /admin/api/messages/:id/play': playbackRule('message.played'),
  'POST /admin/api/messages/:id/schedules': {
    action: 'schedule.created',
    target: 'schedule',
    targetId: (call) => (replyOf(call).schedule as { id?: string } | undefined)?.id,
    details: (call) => {
      const schedule = (replyOf(call).schedule ?? {}) as Record<string, unknown>;
      return {
        label: schedule.message_title ?? null,
        repeat: schedule.repeat ?? null,
        next_run_at: schedule.next_run_at ?? null,
        time_zone: schedule.time_zone ?? null,
      };
    },
  },
  'PUT /admin/api/schedules/:id': scheduleRule('schedule.updated'),
  'POST /admin/api/schedules/:id/cancel': scheduleRule('schedule.cancelled'),
  'POST /admin/api/messages/:id/stop': playbackRule('message.stopped'),
  'POST /admin/api/messages/:id/export': playbackRule('message.exported'),
  // Written by the approvals module in the decision's own transaction, like the requests an edit
  // makes (decision 0039): message.approved / message.rejected.
  'POST /admin/api/messages/:id/approval/approve': null,
  'POST /admin/api/messages/:id/approval/reject': null,

  'POST /admin/api/templates': {
    action: 'template.created',
    target: 'template',
    targetId: replyId,
    details: replyLabel('name'),
  },
  'PUT /admin/api/templates/:id': templateRule('template.updated'),
  'DELETE /admin/api/templates/:id': templateRule('template.deleted'),
  'PUT /admin/api/templates/:id/translations/:language': templateTranslationRule(
    'template.translation_edited',
  ),
  'POST /admin/api/templates/:id/translations/:language/review': templateTranslationRule(
    'template.translation_reviewed',
  ),
  'POST /admin/api/templates/:id/messages': {
    ...templateRule('template.used'),
    details: (call, view) => ({ label: view?.name ?? null, message_id: replyId(call) ?? null }),
  },

  'POST /admin/api/sms-contacts': {
    action: 'contact.added',
    target: 'contact',
    targetId: replyId,
    details: replyLabel('name'),
  },
  'PUT /admin/api/sms-contacts/:id/preferences': contactRule('contact.preferences_changed'),
  'PUT /admin/api/sms-contacts/:id/status': contactRule('contact.status_changed'),
  // The inbox (decision 0040): reading and previewing change nothing worth a line; a reply costs credits.
  'POST /admin/api/inbox/:id/read': null,
  'PUT /admin/api/inbox/settings': {
    action: 'settings.inbox_updated',
    target: 'station',
    targetId: stationOf,
    details: (call) => ({ auto_reply: bodyOf(call).auto_reply === true }),
  },
  'POST /admin/api/inbox/:id/reply/preview': null,
  'POST /admin/api/inbox/:id/reply': {
    action: 'contact.inbox_replied',
    target: 'inbox_conversation',
    details: (call) => ({ credits: replyOf(call).credits ?? 0 }),
  },
  'POST /admin/api/sms-contacts/import': {
    action: 'contacts.imported',
    details: (call) => {
      // A dry run only previews.
      if ((call.request.query as { dry_run?: string }).dry_run !== 'false') return null;
      const report = replyOf(call);
      return { imported: report.imported ?? 0, verified: report.verified ?? 0, invalid: report.invalid ?? 0 };
    },
  },

  'POST /admin/api/webhooks': {
    action: 'webhook.created',
    target: 'webhook',
    targetId: replyId,
    details: (call) => ({
      label: replyOf(call).url ?? null,
      events: ((replyOf(call).events ?? []) as string[]).join(', '),
    }),
  },
  'PATCH /admin/api/webhooks/:id': webhookRule('webhook.updated'),
  'DELETE /admin/api/webhooks/:id': webhookRule('webhook.deleted'),
  'POST /admin/api/webhooks/:id/secret/reveal': webhookRule('webhook.secret_revealed'),
  'POST /admin/api/webhooks/:id/secret/roll': webhookRule('webhook.secret_rolled'),
  'POST /admin/api/webhooks/:id/test': webhookRule('webhook.test_sent'),
  'POST /admin/api/webhooks/deliveries/:id/replay': {
    action: 'webhook.delivery_replayed',
    target: 'webhook_delivery',
    details: (call) => ({
      label: replyOf(call).endpoint_url ?? null,
      event_type: replyOf(call).event_type ?? null,
    }),
  },

  // Weather alerts (issue 23): the settings as admins change them, and "Check now".
  'PUT /admin/api/weather/settings': {
    action: 'weather.settings_updated',
    target: 'station',
    targetId: stationOf,
    view: async (call) => {
      const row = await findWeatherSettings(call.ctx.db, stationOf(call));
      if (!row) return null;
      return {
        enabled: row.enabled,
        zones: row.zones.map((zone) => zone.id).join(', '),
        event_types: row.eventTypes.join(', '),
        severities: row.severities.join(', '),
        auto_send_severities: row.autoSendSeverities.join(', '),
      };
    },
  },
  'POST /admin/api/weather/check': {
    action: 'weather.checked',
    details: (call) => ({ count: replyOf(call).drafted ?? 0 }),
  },

  'POST /admin/api/superadmin/switch-station/:id': {
    action: 'superadmin.station_viewed',
    target: 'station',
    station: (call) => paramsOf(call).id ?? null,
  },
  'POST /admin/api/superadmin/exit-station': {
    action: 'superadmin.station_exited',
    target: 'station',
    targetId: (call) => call.auth?.viewingStationId,
    // Recorded on the station that was being viewed; a superadmin viewing none leaves no row there.
    station: (call) => call.auth?.viewingStationId ?? null,
  },
  'PUT /admin/api/superadmin/stations/:id/sms-sending': {
    action: 'sms_sending.updated',
    target: 'station',
    station: (call) => paramsOf(call).id ?? null,
    view: async (call) => {
      const sending = await stationSending(
        call.ctx.db,
        paramsOf(call).id ?? '',
        call.ctx.config.sms.ratePerSecond,
      );
      return { ...sending };
    },
  },

  // Stripe tells what changed; the event row says for which station and how.
  // The public API v1 (issue 23): the same actions as the web app's, by the key's creator, each
  // row naming the key (api_key, key_prefix).
  'POST /api/v1/messages': {
    action: 'message.created',
    target: 'message',
    targetId: replyId,
    details: replyLabel('title'),
  },
  'POST /api/v1/messages/:id/send-sms': smsSentRule,
  'POST /api/v1/contacts': {
    action: 'contact.added',
    target: 'contact',
    targetId: replyId,
    details: replyLabel('name'),
  },
  'PUT /api/v1/contacts/:id/preferences': contactRule('contact.preferences_changed'),
  'POST /api/v1/contacts/:id/opt-out': contactRule('contact.status_changed'),

  'POST /webhooks/stripe': {
    action: 'billing.changed',
    station: async (call) => (await stripeEventOf(call))?.stationId,
    details: async (call) => {
      const event = await stripeEventOf(call);
      if (replyOf(call).duplicate === true || !event?.stationId) return null;
      return { event_type: event.type, outcome: event.outcome };
    },
  },
};

/** Stripe's answer does not name the station: the event row does. */
async function stripeEventOf(call: TRuleCall) {
  const rawBody = call.request.body;
  if (!Buffer.isBuffer(rawBody)) return null;
  try {
    const id = (JSON.parse(rawBody.toString('utf8')) as { id?: unknown }).id;
    return typeof id === 'string' ? await findStripeEvent(call.ctx.db, id) : null;
  } catch {
    return null;
  }
}
