// The poll step: for every enabled station (stations sharing a zone set share one request), ask
// NWS for the active alerts of its zones (If-Modified-Since: a 304 is nothing new), write each new
// alert once per station (unique station + NWS id, so two pollers draft once), draft it as a
// message through the messages service, and make the auto-sends whose translations are ready.
// The clock and the NWS client are injected: tests drive it with a fake clock and a loopback fake.
import { randomUUID } from 'node:crypto';
import { alertPageUrl, type TLanguageCode, type TMessageTypeKey } from '@message-station/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { TEventBus } from '../../platform/event-bus.js';
import type { TAuth } from '../../platform/session.js';
import type { TEmailProvider } from '../../providers/email/index.js';
import { NwsError, type TNwsAlert, type TNwsClient } from '../../providers/weather/types.js';
import { requiresApproval } from '../approvals/service.js';
import { recordAudit } from '../audit/service.js';
import { acceptSend } from '../delivery/service.js';
import {
  createMessage,
  findMessage,
  listTranslations,
  type TMessageOutsideParts,
  type TTranslationQueue,
} from '../messages/service.js';
import { emailRequestersOfSend } from '../send-requests/service.js';
import { findStationById, listLanguages, listMessageTypes } from '../station/service.js';
import { findUserById } from '../users/service.js';
import { vettedFullTexts, vettedWeatherTranslations } from './compose.js';
import {
  alertDraft,
  cancelDraft,
  chooseType,
  fullAlertText,
  isOver,
  mappedType,
  notFollowed,
  recordHeadline,
} from './draft.js';
import * as repo from './repo.js';

export type TWeatherPollDeps = {
  db: Db;
  /** The service's address: a shortened draft links to the alert's public page there (decision 0052). */
  publicUrl: string;
  nws: TNwsClient;
  now: () => Date;
  events: TEventBus;
  translationQueue: TTranslationQueue;
  /** What the drafted message shows of modules above messages (message-parts.ts). */
  messageParts: TMessageOutsideParts;
  /** After an accepted auto-send: some node dispatches its texts now. */
  sent(stationId: string, messageId: string): Promise<void>;
  /** Tells the standard users whose requests to send a message an auto-send answered (decision 0083). */
  email: TEmailProvider;
  log?: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
};

/** How long an auto-send waits for its translations before it goes with what is there. */
export const AUTO_SEND_WAIT_MS = 2 * 60_000;
/**
 * An auto-send still waiting this long after the alert arrived (alerts were turned off, the workers
 * were down) is not sent any more: staff decide from Messages whether it still matters.
 */
export const AUTO_SEND_STALE_MS = 15 * 60_000;

export type TStationPoll = {
  stationId: string;
  /** Alerts recorded by this poll (drafted or ignored). */
  received: number;
  drafted: number;
  notModified: boolean;
  autoSent: number;
  errorCode: string | null;
  /**
   * How long NWS asked us to leave these zones alone, in seconds, when it asked: Retry-After on a
   * refusal, or how long its answer stays fresh (Cache-Control, Expires). The poller waits for it.
   */
  waitSeconds?: number;
};

type TStation = {
  settings: repo.TWeatherSettingsRow;
  /** Who the drafts are written by: the admin who saved the settings, when still an admin here. */
  owner: TAuth | null;
  activeTypes: string[];
  targets: TLanguageCode[];
  approvalStation: NonNullable<Awaited<ReturnType<typeof findStationById>>>;
};

/** The settings' owner acting on the station, as they are now (like a schedule's author). */
async function ownerAuth(db: DbOrTx, settings: repo.TWeatherSettingsRow): Promise<TAuth | null> {
  const user = settings.configuredBy ? await findUserById(db, settings.configuredBy) : null;
  if (!user || user.stationId !== settings.stationId || user.role !== 'admin') return null;
  return {
    sessionId: `weather:${settings.stationId}`,
    userId: user.id,
    role: user.role,
    isSuperadmin: false,
    ownStationId: settings.stationId,
    stationId: settings.stationId,
    viewingStationId: null,
    twoFactorSetupRequired: false,
  };
}

async function loadStation(db: Db, settings: repo.TWeatherSettingsRow): Promise<TStation | null> {
  const station = await findStationById(db, settings.stationId);
  if (!station) return null;
  const [owner, types, languages] = await Promise.all([
    ownerAuth(db, settings),
    listMessageTypes(db, station.id),
    listLanguages(db, station),
  ]);
  return {
    settings,
    owner,
    activeTypes: types.filter((t) => t.isActive).map((t) => t.messageType),
    // NWS writes English: every other language of the station is a translation.
    targets: languages
      .filter((l) => l.isActive && l.languageCode !== 'en')
      .map((l) => l.languageCode as TLanguageCode),
    approvalStation: station,
  };
}

function zoneKey(settings: repo.TWeatherSettingsRow): string {
  return settings.zones
    .map((z) => z.id)
    .sort()
    .join(',');
}

function failureOf(error: unknown): { code: string; params: Record<string, string | number> } {
  if (error instanceof AppError) {
    return { code: error.code, params: error.params as Record<string, string | number> };
  }
  return { code: 'internal_error', params: {} };
}

type TDecision =
  | { kind: 'ignore'; outcome: 'ignored_event' | 'ignored_severity' | 'ignored_cancel' }
  | { kind: 'draft' };

function decide(station: TStation, alert: TNwsAlert, original: repo.TWeatherAlertRow | null): TDecision {
  // A cancellation matters only for what this station drafted.
  if (alert.messageType === 'Cancel') {
    return original?.messageId ? { kind: 'draft' } : { kind: 'ignore', outcome: 'ignored_cancel' };
  }
  // An update of an alert the station drafted follows it, whatever its severity now.
  if (alert.messageType === 'Update' && original?.messageId) return { kind: 'draft' };
  const why = notFollowed(
    { eventTypes: station.settings.eventTypes, severities: station.settings.severities },
    alert,
  );
  return why ? { kind: 'ignore', outcome: why } : { kind: 'draft' };
}

/** Whether the draft is sent by SMS at once: its severity is chosen, or what it follows was auto-sent. */
function wantsAutoSend(station: TStation, alert: TNwsAlert, original: repo.TWeatherAlertRow | null) {
  const originalSent = original?.outcome === 'auto_sent';
  if (alert.messageType === 'Cancel') return originalSent;
  return originalSent || station.settings.autoSendSeverities.includes(alert.severity);
}

/**
 * One alert for one station, in one transaction: the record is claimed first (a second poller
 * waits on it, then finds it taken and does nothing), then the draft is written.
 */
async function takeAlert(deps: TWeatherPollDeps, station: TStation, alert: TNwsAlert, at: Date) {
  const { stationId } = station.settings;
  return deps.db.transaction(async (tx) => {
    const original = await repo.findLatestOf(tx, stationId, alert.references);
    const decision = decide(station, alert, original);
    const claimed = await repo.claimAlert(tx, {
      stationId,
      nwsId: alert.id,
      event: alert.event,
      severity: alert.severity,
      headline: recordHeadline(alert),
      areaDesc: alert.areaDesc,
      kind: alert.messageType,
      references: alert.references,
      originalId: original?.id ?? null,
      sentAt: alert.sent,
      expiresAt: alert.ends ?? alert.expires,
      receivedAt: at,
      outcome: decision.kind === 'ignore' ? decision.outcome : 'drafted',
      createdAt: at,
      updatedAt: at,
    });
    if (!claimed) return null;
    if (decision.kind === 'ignore' || !station.owner) return { row: claimed, drafted: false };

    const originalMessage = original?.messageId ? await findMessage(tx, stationId, original.messageId) : null;
    const type = originalMessage
      ? (originalMessage.messageType as TMessageTypeKey)
      : chooseType(mappedType(alert), station.activeTypes);
    if (!type || !station.activeTypes.includes(type)) {
      await repo.updateAlert(tx, stationId, claimed.id, {
        outcome: 'failed',
        errorCode: 'weather_no_message_type',
      });
      return { row: claimed, drafted: false };
    }
    // The message's id is chosen first: a draft too long for one SMS links to its page (decision 0052).
    const messageId = randomUUID();
    const sms = {
      stationName: station.approvalStation.displayName,
      link: (language: TLanguageCode) =>
        alertPageUrl(deps.publicUrl, station.approvalStation.slug, messageId, language),
      timeZone: station.approvalStation.timeZone,
      now: at,
    };
    const cancelling = alert.messageType === 'Cancel' && original ? original : null;
    const text = cancelling ? cancelDraft(alert, cancelling.headline, sms) : alertDraft(alert, sms);
    const fullTexts = {
      en: fullAlertText(alert, sms, cancelling?.headline),
      ...vettedFullTexts(alert, station.targets, sms.timeZone, at),
    };
    const message = await createMessage(
      {
        db: tx,
        events: deps.events,
        now: at,
        stationId,
        userId: station.owner.userId,
        translationQueue: deps.translationQueue,
        messageParts: deps.messageParts,
        auth: station.owner,
      },
      {
        title: text.title,
        original: text.original,
        original_language: 'en',
        target_languages: station.targets,
        message_type: type,
      },
      // Each language the phrasebook covers starts vetted; the others go to the engines.
      vettedWeatherTranslations(alert, station.targets, station.approvalStation.timeZone, at, sms),
      { id: messageId },
    );
    const outcome = !wantsAutoSend(station, alert, original)
      ? 'drafted'
      : requiresApproval(station.approvalStation, type)
        ? 'approval_requested'
        : 'auto_send_waiting';
    await repo.updateAlert(tx, stationId, claimed.id, {
      outcome,
      messageId: message.id,
      fullTexts,
      updatedAt: at,
    });
    return { row: claimed, drafted: true };
  });
}

/** The station's new alerts, oldest first (an original before its update in one answer). */
async function takeAlerts(deps: TWeatherPollDeps, station: TStation, alerts: TNwsAlert[], at: Date) {
  const { stationId } = station.settings;
  const zones = new Set(station.settings.zones.map((z) => z.id));
  const known = await repo.knownNwsIds(
    deps.db,
    stationId,
    alerts.map((a) => a.id),
  );
  const fresh = alerts
    .filter((a) => !known.has(a.id) && a.status === 'Actual' && !isOver(a, at))
    .filter((a) => a.zones.length === 0 || a.zones.some((zone) => zones.has(zone)))
    .sort((a, b) => a.sent.getTime() - b.sent.getTime());
  let received = 0;
  let drafted = 0;
  for (const alert of fresh) {
    try {
      const taken = await takeAlert(deps, station, alert, at);
      if (!taken) continue;
      received++;
      if (taken.drafted) drafted++;
    } catch (error) {
      deps.log?.error({ err: error, stationId, alert: alert.id }, 'weather alert not drafted');
    }
  }
  return { received, drafted };
}

/**
 * One waiting auto-send, made as staff would once its translations are done (or it waited long
 * enough): in one transaction that holds its record (FOR UPDATE) from the check to the outcome,
 * so the poll, the minute's job and the translation event (on any number of nodes) send it once.
 * Answers whether it was sent now.
 */
async function sendOne(deps: TWeatherPollDeps, station: TStation, alertId: string, at: Date) {
  const { stationId } = station.settings;
  const sent = await deps.db.transaction(async (tx) => {
    const row = await repo.lockWaitingAutoSend(tx, stationId, alertId);
    // Sent (or refused) by another sender since it was listed.
    if (!row) return null;
    const refuse = (errorCode: string, errorParams?: Record<string, string | number>) =>
      repo.updateAlert(tx, stationId, row.id, {
        outcome: 'send_refused',
        errorCode,
        ...(errorParams ? { errorParams } : {}),
        updatedAt: at,
      });
    if (!row.messageId || !station.owner) {
      await refuse(row.messageId ? 'weather_owner_missing' : 'message_not_found');
      return null;
    }
    const age = at.getTime() - row.receivedAt.getTime();
    if (age >= AUTO_SEND_STALE_MS || (row.expiresAt && row.expiresAt.getTime() <= at.getTime())) {
      await refuse('weather_auto_send_stale');
      return null;
    }
    const translations = await listTranslations(tx, stationId, [row.messageId]);
    const translating = translations.some((t) => t.status === 'pending');
    if (translating && age < AUTO_SEND_WAIT_MS) return null;
    let result: Awaited<ReturnType<typeof acceptSend>>;
    try {
      // A savepoint inside this transaction: a refusal rolls back the send only, not the record.
      result = await acceptSend(
        { db: tx, auth: station.owner, now: at },
        // Nobody watches an auto-send: only vetted or trusted texts go (decision 0050).
        { messageId: row.messageId, mode: 'unattended' },
      );
    } catch (error) {
      const failure = failureOf(error);
      if (failure.code === 'internal_error')
        deps.log?.error({ err: error, stationId }, 'weather auto-send failed');
      await refuse(failure.code, failure.params);
      return null;
    }
    await repo.updateAlert(tx, stationId, row.id, {
      outcome: 'auto_sent',
      sendId: result.send_id,
      updatedAt: at,
    });
    await recordAudit(tx, {
      stationId,
      actor: { userId: station.owner.userId, email: null, isSuperadmin: false },
      action: 'weather.auto_sent',
      target: { type: 'message', id: row.messageId },
      details: { label: row.headline, count: result.sent_count, credits: result.credits },
      at,
    });
    return row.messageId;
  });
  if (sent) {
    await deps.sent(stationId, sent);
    await emailRequestersOfSend(
      { db: deps.db, stationId, email: deps.email, config: { publicUrl: deps.publicUrl }, log: deps.log },
      { messageId: sent, at, by: 'weather' },
    );
  }
  return sent !== null;
}

/** The station's auto-sends whose translations are done (or waited long enough). */
async function sendWaiting(deps: TWeatherPollDeps, station: TStation, at: Date) {
  let autoSent = 0;
  const { stationId } = station.settings;
  for (const row of await repo.listWaitingAutoSends(deps.db, stationId)) {
    try {
      if (await sendOne(deps, station, row.id, at)) autoSent++;
    } catch (error) {
      // The record is untouched (its transaction rolled back): the next poll or event tries again.
      deps.log?.error({ err: error, stationId, alert: row.id }, 'weather auto-send not made');
    }
  }
  return autoSent;
}

/**
 * Whether the auto-send drafted as `messageId` waits and none of its translations is pending any
 * more: what a node checks when it hears a translation finish, before queueing the send.
 */
export async function autoSendReady(db: Db, stationId: string, messageId: string): Promise<boolean> {
  const row = await repo.findWaitingAutoSend(db, stationId, messageId);
  if (!row) return false;
  const translations = await listTranslations(db, stationId, [messageId]);
  return !translations.some((t) => t.status === 'pending');
}

/**
 * The auto-send drafted as `messageId`, sent now if it still waits and its translations are done:
 * the step the translation event queues (queue.ts), for this one message. Answers whether it sent.
 */
export async function sendReadyAutoSend(
  deps: TWeatherPollDeps,
  stationId: string,
  messageId: string,
): Promise<boolean> {
  const row = await repo.findWaitingAutoSend(deps.db, stationId, messageId);
  const settings = row ? await repo.findSettings(deps.db, stationId) : null;
  const station = row && settings ? await loadStation(deps.db, settings) : null;
  if (!row || !station) return false;
  return sendOne(deps, station, row.id, deps.now());
}

/**
 * One poll: every enabled station with zones, or only `stationId` ("Check now"). NWS down is
 * recorded on each station it concerns (last error) and tried again next time; nothing throws
 * for it.
 */
export async function pollWeather(
  deps: TWeatherPollDeps,
  options: { stationId?: string } = {},
): Promise<TStationPoll[]> {
  const at = deps.now();
  const enabled = (await repo.listEnabledSettings(deps.db, options.stationId)).filter(
    (s) => s.zones.length > 0,
  );
  const groups = new Map<string, repo.TWeatherSettingsRow[]>();
  for (const settings of enabled) {
    const key = zoneKey(settings);
    groups.set(key, [...(groups.get(key) ?? []), settings]);
  }
  const report: TStationPoll[] = [];
  for (const [key, members] of groups) {
    const zones = key.split(',');
    // The Last-Modified NWS gave for these zones, when every station of the group has the same one.
    const marks = new Set(members.map((m) => m.lastModified));
    const since = marks.size === 1 ? (members[0]?.lastModified ?? null) : null;
    let answer: Awaited<ReturnType<TNwsClient['activeAlerts']>> | null = null;
    let errorCode: string | null = null;
    let waitSeconds: number | undefined;
    try {
      answer = await deps.nws.activeAlerts(zones, since);
      waitSeconds = answer.freshSeconds;
    } catch (error) {
      if (!(error instanceof NwsError)) throw error;
      errorCode = 'weather_unavailable';
      waitSeconds = error.retryAfterSeconds;
      deps.log?.warn({ err: error, zones: zones.length }, 'NWS alerts not fetched; tried again next poll');
    }
    for (const settings of members) {
      const station = await loadStation(deps.db, settings);
      if (!station) continue;
      const entry: TStationPoll = {
        stationId: settings.stationId,
        received: 0,
        drafted: 0,
        notModified: answer?.modified === false,
        autoSent: 0,
        errorCode,
        ...(waitSeconds !== undefined ? { waitSeconds } : {}),
      };
      // Nobody to write the drafts as: nothing is taken, and the next poll asks NWS afresh.
      const taking = answer?.modified && station.owner ? answer : null;
      if (answer?.modified && !station.owner) entry.errorCode = 'weather_owner_missing';
      if (taking) {
        const taken = await takeAlerts(deps, station, taking.alerts, at);
        entry.received = taken.received;
        entry.drafted = taken.drafted;
      }
      entry.autoSent = await sendWaiting(deps, station, at);
      await repo.recordPoll(deps.db, [settings.stationId], {
        at,
        errorCode: entry.errorCode,
        ...(taking ? { lastModified: taking.lastModified } : {}),
      });
      report.push(entry);
    }
  }
  return report;
}
