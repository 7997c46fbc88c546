// Accepting a send: checks, the audience, one delivery row per recipient and the credit debit,
// all in one transaction and set-based (ARCHITECTURE §5). Dispatch happens afterwards.
import {
  notEnoughCreditsError,
  SEND_ERRORS,
  type TSendPreview,
  type TSendResult,
} from '@message-station/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  smsContactPreferences,
  smsContacts,
  smsDeliveries,
  smsSends,
  stations,
} from '../../db/schema/index.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { TAuth } from '../../platform/session.js';
import { spendCredits } from '../billing/ledger.js';
import * as messages from '../messages/repo.js';
import { bodiesFor, type TLanguageBody } from './compose.js';
import { releaseTime } from './quiet-hours.js';

const PLAN_ACTIVE = new Set(['paid', 'trial']);

function audienceWhere(stationId: string, messageType: string) {
  return and(
    eq(smsContactPreferences.stationId, stationId),
    eq(smsContactPreferences.messageType, messageType),
    eq(smsContacts.status, 'active'),
    eq(smsContacts.isVerified, true),
  );
}

/** Everything a send needs to know, checked; throws the spec's refusals. */
async function plan(db: DbOrTx, auth: TAuth, messageId: string, at: Date) {
  if (auth.role !== 'admin' && !auth.viewingStationId) throw new AppError(403, SEND_ERRORS.adminOnly);
  const message = await messages.findMessage(db, auth.stationId, messageId);
  if (!message) throw notFound('Message not found');
  const [station] = await db.select().from(stations).where(eq(stations.id, auth.stationId));
  if (!station) throw notFound('Station not found');
  if (!PLAN_ACTIVE.has(station.paymentStatus)) throw new AppError(402, SEND_ERRORS.noSubscription);
  if (!station.smsEnabled) throw new AppError(400, SEND_ERRORS.smsDisabled);

  const byLanguage = await db
    .select({
      language: smsContactPreferences.language,
      recipients: sql<number>`count(*)::int`,
      // Emergencies go at once: no need to work out anyone's local time.
      waiting:
        message.messageType === 'emergency'
          ? sql<number>`0`
          : sql<number>`count(*) filter (where ${releaseTime(sql`${smsContacts.phone}`, at)} > ${at.toISOString()}::timestamptz)::int`,
    })
    .from(smsContactPreferences)
    .innerJoin(smsContacts, eq(smsContacts.id, smsContactPreferences.contactId))
    .where(audienceWhere(station.id, message.messageType))
    .groupBy(smsContactPreferences.language);
  const translations = await messages.listTranslations(db, station.id, [message.id]);
  const bodies = bodiesFor(
    station.displayName,
    message,
    translations,
    byLanguage.map((l) => l.language),
  );
  const emergency = message.messageType === 'emergency';
  const languages = byLanguage.map((row) => {
    const body = bodies.find((b) => b.language === row.language) as TLanguageBody;
    return {
      ...body,
      recipients: Number(row.recipients),
      credits: Number(row.recipients) * body.segments,
      waiting: emergency ? 0 : Number(row.waiting),
    };
  });
  return {
    station,
    message,
    emergency,
    languages,
    recipients: languages.reduce((n, l) => n + l.recipients, 0),
    credits: languages.reduce((n, l) => n + l.credits, 0),
    waiting: languages.reduce((n, l) => n + l.waiting, 0),
  };
}

function noAudience(messageType: string): AppError {
  return new AppError(400, `No active subscribers receive ${messageType} messages yet.`);
}

export async function previewSend(db: Db, auth: TAuth, messageId: string, at: Date): Promise<TSendPreview> {
  const p = await plan(db, auth, messageId, at);
  if (p.recipients === 0) throw noAudience(p.message.messageType);
  return {
    recipients: p.recipients,
    credits: p.credits,
    balance: p.station.smsCreditsBalance,
    waiting: p.waiting,
    emergency: p.emergency,
    languages: p.languages.map(({ waiting: _w, ...l }) => l),
  };
}

/**
 * Sends `messageId` to every active, verified subscriber of its type. Not enough credits: nothing
 * is written and the error says how many are needed and left.
 */
export async function acceptSend(db: Db, auth: TAuth, messageId: string, at: Date): Promise<TSendResult> {
  return db.transaction(async (tx) => {
    const p = await plan(tx, auth, messageId, at);
    if (p.recipients === 0) throw noAudience(p.message.messageType);
    const balance = await spendCredits(tx, p.station.id, {
      credits: p.credits,
      description: `SMS "${p.message.title}" to ${p.recipients.toLocaleString('en-US')} subscriber${p.recipients === 1 ? '' : 's'}`,
      reference: p.message.id,
      at,
    });
    if (balance === null) {
      const [now] = await tx
        .select({ balance: stations.smsCreditsBalance })
        .from(stations)
        .where(eq(stations.id, p.station.id));
      throw new AppError(402, notEnoughCreditsError(p.credits, now?.balance ?? 0));
    }
    const [send] = await tx
      .insert(smsSends)
      .values({
        stationId: p.station.id,
        messageId: p.message.id,
        messageTitle: p.message.title,
        messageType: p.message.messageType,
        sentBy: auth.userId,
        recipients: p.recipients,
        credits: p.credits,
        waiting: p.waiting,
        createdAt: at,
      })
      .returning({ id: smsSends.id });
    if (!send) throw new Error('send insert returned nothing');
    const bodies = JSON.stringify(
      p.languages.map((l) => ({ language: l.language, body: l.body, segments: l.segments })),
    );
    const notBefore = p.emergency ? sql`${at.toISOString()}::timestamptz` : releaseTime(sql`c.phone`, at);
    const inserted = await tx.execute(sql`
      insert into ${smsDeliveries} (station_id, send_id, contact_id, phone, language, body, segments, not_before, created_at)
      select c.station_id, ${send.id}::uuid, c.id, c.phone, p.language, b.body, b.segments, ${notBefore}, ${at.toISOString()}::timestamptz
      from ${smsContactPreferences} p
      join ${smsContacts} c on c.id = p.contact_id
      join jsonb_to_recordset(${bodies}::jsonb) as b(language text, body text, segments int) on b.language = p.language
      where p.station_id = ${p.station.id} and p.message_type = ${p.message.messageType}
        and c.status = 'active' and c.is_verified = true`);
    const rows = Number(
      (inserted as { rowCount?: number; affectedRows?: number }).rowCount ??
        (inserted as { affectedRows?: number }).affectedRows ??
        p.recipients,
    );
    if (rows !== p.recipients) {
      // The audience changed between the count and the insert (a STOP arrived): charge what was queued.
      throw new AppError(409, 'Subscribers changed while sending. Please try again.');
    }
    return { sent_count: p.recipients, send_id: send.id, credits: p.credits, waiting: p.waiting, balance };
  });
}
