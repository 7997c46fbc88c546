// Accepting a send: checks, the audience, one delivery row per recipient and the credit debit,
// all in one transaction and set-based. Dispatch happens afterwards.
import {
  canSendSms,
  isTrustedSource,
  type TReviewStatus,
  type TSendConflict,
  type TSendMode,
  type TSendPreview,
  type TSendResult,
} from '@message-station/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { AppError, isUniqueViolation, notFound } from '../../platform/errors.js';
import type { TAuth } from '../../platform/session.js';
import type { TServiceContext } from '../../service-context.js';
import { refuseUnapproved } from '../approvals/service.js';
import { findStationBilling, ledgerLine, sendingAllowed, spendCredits } from '../billing/service.js';
import * as messages from '../messages/service.js';
import { answerRequestsBySend } from '../send-requests/service.js';
import { findStationById } from '../station/service.js';
import { audienceRows, countAudienceByLanguage } from '../subscribers/audience-service.js';
import { trustedEnginesFor } from '../translation/trust-service.js';
import { bodiesFor, type TLanguageBody } from './compose.js';
import { registerLane } from './lane-repo.js';
import { laneOf } from './lanes.js';
import { releaseTime } from './quiet-hours.js';
import {
  findLatestSend,
  findSendByKey,
  hasDeliveriesInFlight,
  insertDeliveries,
  insertSendRow,
  type TSendRow,
} from './send-repo.js';
import { findStationSending } from './sending-repo.js';

/**
 * Everything a send needs to know, checked; throws the spec's refusals. `mode`: staff at the
 * confirmation (attended) or nobody watching (schedules, weather auto-send, the public API), which
 * the trust policy reads (decision 0050).
 */
async function plan(db: DbOrTx, auth: TAuth, messageId: string, at: Date, mode: TSendMode) {
  if (!canSendSms(auth)) throw new AppError('send_admin_only');
  const message = await messages.findMessage(db, auth.stationId, messageId);
  if (!message) throw notFound('message_not_found');
  const [station, billing] = await Promise.all([
    findStationById(db, auth.stationId),
    findStationBilling(db, auth.stationId),
  ]);
  if (!station || !billing) throw notFound('station_not_found');
  // From the dates, not the stored status: a trial that ended a minute ago cannot send.
  if (!sendingAllowed(billing, at)) throw new AppError('send_no_subscription');
  if (!station.smsEnabled) throw new AppError('sms_disabled');

  // The subscribers module's audience; inserted from the same condition (insertSend).
  const byLanguage = await countAudienceByLanguage(
    db,
    station.id,
    message.messageType,
    // Emergencies go at once: no need to work out anyone's local time.
    message.messageType === 'emergency'
      ? null
      : (phone) => sql`${releaseTime(phone, at)} > ${at.toISOString()}::timestamptz`,
  );
  const translations = await messages.listTranslations(db, station.id, [message.id]);
  const trustedEngines = await trustedEnginesFor(db, station.id);
  const bodies = bodiesFor(
    station.displayName,
    message,
    translations,
    byLanguage.map((l) => l.language),
    { mode, trustedEngines },
  );
  const emergency = message.messageType === 'emergency';
  const languages = byLanguage.map((row) => {
    const body = bodies.find((b) => b.language === row.language) as TLanguageBody;
    const translation = translations.find((t) => t.languageCode === row.language);
    return {
      ...body,
      too_long: !body.fits,
      source: body.source ?? null,
      review: reviewOf(message.originalLanguage, body, translation),
      recipients: Number(row.recipients),
      credits: Number(row.recipients) * body.segments,
      waiting: emergency ? 0 : Number(row.waiting),
    };
  });
  return {
    station,
    balance: billing.smsCreditsBalance,
    message,
    emergency,
    languages,
    reviewRequired: station.reviewRequiredTypes.includes(message.messageType),
    // Engine texts that would reach subscribers with nobody vouching for them; a fallback is vetted.
    unreviewed: languages
      .filter((l) => l.delivery === 'text' && l.source !== null && !isTrustedSource(l.source))
      .map((l) => l.language),
    fallbacks: languages.filter((l) => l.delivery === 'fallback').map((l) => l.language),
    // Bodies Twilio would refuse (over 1,600 characters, error 21617): never sent (decision 0052).
    tooLong: languages.filter((l) => !l.fits).map((l) => l.language),
    // A correction of an older original waits for staff's choice (decision 0035): never sent stale.
    // Unattended, that language gets the original and the notice instead (decision 0050).
    staleCorrections:
      mode === 'unattended'
        ? []
        : languages
            .filter((l) =>
              translations.some((t) => t.languageCode === l.language && t.previousCorrection !== null),
            )
            .map((l) => l.language),
    recipients: languages.reduce((n, l) => n + l.recipients, 0),
    credits: languages.reduce((n, l) => n + l.credits, 0),
    waiting: languages.reduce((n, l) => n + l.waiting, 0),
  };
}

/** Who vouches for the text a language gets. */
function reviewOf(
  originalLanguage: string,
  body: TLanguageBody,
  translation: { review: TReviewStatus } | undefined,
): TSendPreview['languages'][number]['review'] {
  if (body.language === originalLanguage) return 'original';
  if (body.delivery === 'fallback' || !translation) return 'untranslated';
  return translation.review;
}

type TPlan = Awaited<ReturnType<typeof plan>>;

/**
 * Refuses texts nobody vouches for: a correction of an older original always (staff choose first),
 * unreviewed texts where the station requires review for the type, unless an emergency's sender
 * confirmed sending them as they are.
 */
function refuseUnvouched(p: TPlan, sendUnreviewed: boolean | undefined) {
  if (p.staleCorrections.length) {
    throw new AppError('correction_choice_needed', { language_list: p.staleCorrections.join(',') });
  }
  if (!p.reviewRequired || !p.unreviewed.length) return;
  const params = { language_list: p.unreviewed.join(',') };
  if (!p.emergency) throw new AppError('review_required', params);
  if (!sendUnreviewed) throw new AppError('review_required_emergency', params);
}

/**
 * Refuses a send with a body over Twilio's 1,600 characters (decision 0052): Twilio would refuse
 * it for every recipient of that language, after the credits were spent.
 */
function refuseTooLong(p: TPlan) {
  if (!p.tooLong.length) return;
  throw new AppError('sms_too_long', {
    language_list: p.tooLong.join(','),
  });
}

function noAudience(messageType: string): AppError {
  return new AppError('no_audience', { message_type: messageType });
}

export async function previewSend(
  context: Pick<TServiceContext, 'db' | 'auth' | 'now'>,
  messageId: string,
  mode: TSendMode = 'attended',
): Promise<TSendPreview> {
  const p = await plan(context.db, context.auth, messageId, context.now, mode);
  if (p.recipients === 0) throw noAudience(p.message.messageType);
  return {
    recipients: p.recipients,
    credits: p.credits,
    balance: p.balance,
    waiting: p.waiting,
    emergency: p.emergency,
    languages: p.languages.map(({ waiting: _w, fits: _f, ...l }) => l),
    mode,
    review_required: p.reviewRequired,
    unreviewed_languages: p.unreviewed,
    fallback_languages: p.fallbacks,
    stale_corrections: p.staleCorrections,
    too_long_languages: p.tooLong,
  };
}

export type TSendInput = {
  messageId: string;
  /** The client's Idempotency-Key: the same key answers the first send again. */
  idempotencyKey?: string;
  /** The admin confirmed sending a message that already has a send. */
  sendAgain?: boolean;
  /** An emergency whose type requires review: the admin confirmed sending unreviewed texts. */
  sendUnreviewed?: boolean;
  /** Nobody at a confirmation (schedules, weather auto-send, the public API): decision 0050. */
  mode?: TSendMode;
};

async function currentBalance(tx: DbOrTx, stationId: string) {
  const billing = await findStationBilling(tx, stationId);
  return billing?.smsCreditsBalance ?? 0;
}

async function replay(tx: DbOrTx, send: TSendRow): Promise<TSendResult> {
  return {
    sent_count: send.recipients,
    send_id: send.id,
    credits: send.credits,
    waiting: send.waiting,
    balance: await currentBalance(tx, send.stationId),
  };
}

/** 409 unless the admin confirmed: the message has a send whose texts still go out, or went. */
async function refuseRepeat(tx: DbOrTx, stationId: string, messageId: string) {
  const previous = await findLatestSend(tx, stationId, messageId);
  if (!previous) return;
  const inFlight = await hasDeliveriesInFlight(tx, previous.id);
  const conflict: Omit<TSendConflict, 'error'> = {
    code: inFlight ? 'send_in_progress' : 'already_sent',
    previous_send: {
      send_id: previous.id,
      sent_at: previous.createdAt.toISOString(),
      recipients: previous.recipients,
    },
  };
  throw new AppError(conflict.code, {}, { previous_send: conflict.previous_send });
}

/**
 * Sends `messageId` to every active, verified subscriber of its type. Not enough credits: nothing
 * is written and the error says how many are needed and left. Concurrent requests for one message
 * wait for each other on its row: the second sees the first's send and answers it (same
 * Idempotency-Key) or 409 (no confirmation to send again).
 */
export async function acceptSend(
  context: Pick<TServiceContext, 'db' | 'auth' | 'now'>,
  input: TSendInput,
): Promise<TSendResult> {
  const { db, auth, now: at } = context;
  const { messageId, ...options } = input;
  try {
    return await db.transaction(async (tx) => {
      if (!canSendSms(auth)) throw new AppError('send_admin_only');
      const locked = await messages.findMessage(tx, auth.stationId, messageId, { forUpdate: true });
      if (!locked) throw notFound('message_not_found');
      if (options.idempotencyKey) {
        const earlier = await findSendByKey(tx, auth.stationId, options.idempotencyKey);
        if (earlier) return answerEarlier(tx, earlier, messageId);
      }
      // The station's refusals (SMS off, no plan, nobody to send to) come before "already sent".
      const p = await plan(tx, auth, messageId, at, options.mode ?? 'attended');
      if (p.recipients === 0) throw noAudience(p.message.messageType);
      refuseTooLong(p);
      await refuseUnapproved(tx, p.station, p.message);
      refuseUnvouched(p, options.sendUnreviewed);
      if (!options.sendAgain) await refuseRepeat(tx, auth.stationId, messageId);
      return await insertSend(tx, auth, p, at, options.idempotencyKey);
    });
  } catch (error) {
    // The same key used at once on another message (whose row lock we did not share).
    if (options.idempotencyKey && isUniqueViolation(error)) throw keyReused();
    throw error;
  }
}

function keyReused() {
  return new AppError('idempotency_key_reused');
}

async function answerEarlier(tx: DbOrTx, earlier: TSendRow, messageId: string) {
  if (earlier.messageId !== messageId) throw keyReused();
  return replay(tx, earlier);
}

async function insertSend(
  tx: DbOrTx,
  auth: TAuth,
  p: TPlan,
  at: Date,
  idempotencyKey: string | undefined,
): Promise<TSendResult> {
  const balance = await spendCredits(tx, p.station.id, {
    credits: p.credits,
    ...ledgerLine.send(p.message.title, p.recipients),
    reference: p.message.id,
    at,
  });
  if (balance === null) {
    throw new AppError('not_enough_credits', {
      needed: p.credits,
      available: await currentBalance(tx, p.station.id),
    });
  }
  const send = await insertSendRow(tx, {
    stationId: p.station.id,
    messageId: p.message.id,
    messageTitle: p.message.title,
    messageType: p.message.messageType,
    sentBy: auth.userId,
    recipients: p.recipients,
    credits: p.credits,
    waiting: p.waiting,
    idempotencyKey: idempotencyKey ?? null,
    createdAt: at,
  });
  if (!send) throw new Error('send insert returned nothing');
  const bodies = p.languages.map((l) => ({ language: l.language, body: l.body, segments: l.segments }));
  // The station's own number and pace when it has one, else the service's (decision 0016).
  const sending = await findStationSending(tx, p.station.id);
  const lane = laneOf({ id: p.station.id, smsSender: sending?.smsSender ?? null });
  await registerLane(tx, lane);
  // The same audience as the plan counted (one condition in subscribers), so the count and the rows cannot part.
  const rows = audienceRows(p.station.id, p.message.messageType, bodies, (a) => {
    const notBefore = p.emergency ? sql`${at.toISOString()}::timestamptz` : releaseTime(a.phone, at);
    return sql`${a.stationId}, ${send.id}::uuid, ${a.contactId}, ${a.phone}, ${a.language}, ${a.body}, ${a.segments}, ${notBefore}, ${p.emergency ? 0 : 1}, ${lane}, ${at.toISOString()}::timestamptz`;
  });
  const inserted = await insertDeliveries(tx, rows);
  // A driver that does not say how many rows it inserted: trust the plan's count.
  if (Number(inserted ?? p.recipients) !== p.recipients) {
    // The audience changed between the count and the insert (a STOP arrived): charge what was queued.
    throw new AppError('subscribers_changed');
  }
  // Whoever sent it, however: the standard users' requests to send it are answered (decision 0077).
  await answerRequestsBySend(tx, { now: at, stationId: p.station.id, userId: auth.userId, auth }, p.message);
  return { sent_count: p.recipients, send_id: send.id, credits: p.credits, waiting: p.waiting, balance };
}
