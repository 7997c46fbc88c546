// Texts held after a restore (decision 0055). A restored backup brings back texts that were queued
// or in the provider's hands when it was taken; the live database may have sent them since, so
// they are never dispatched again by themselves: `holdTextsAfterRestore` (run by `npm run restore`
// and by every server at start, for a restore not held yet) moves them to held_after_restore, and
// an admin decides per message: send them (the provider is asked first; a text it already has is
// recorded as sent, only the others go) or cancel them (none goes; the credits of those the
// provider does not have come back).
import type { THeldAfterRestore, THeldDecisionResult } from '@message-station/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { TEventBus } from '../../platform/event-bus.js';
import type { TSmsProvider } from '../../providers/sms/types.js';
import type { TServiceContext } from '../../service-context.js';
import { addCredits, ledgerLine } from '../billing/service.js';
import { findMessage, findMessages } from '../messages/service.js';
import { insertRefunds } from './dispatch-repo.js';
import { resolveLane } from './lanes.js';
import {
  cancelHeld,
  heldByMessage,
  heldTextsOf,
  holdUnfinished,
  lockUnheldRestores,
  markRestoresHeld,
  requeueHeld,
  settleFound,
  type THeldText,
} from './restore-holds-repo.js';
import { applyEarlyStatuses } from './status.js';
import { recordDeliveryWebhooks } from './webhook-events.js';
import type { TDispatchQueue } from './worker.js';

/** The failure recorded for a cancelled text (the report shows it as "other"). */
export const CANCELLED_AFTER_RESTORE = 'Cancelled by an admin after a restore (decision 0055)';

/** Texts asked about per provider lookup call. */
const LOOKUP_CHUNK = 200;

/**
 * Holds the texts of every restore not held yet: one transaction that locks the restore rows, so
 * that of several nodes starting at once one holds and the others find nothing to do. Answers
 * null when there was no such restore.
 */
export async function holdTextsAfterRestore(
  db: Db,
  now: Date,
): Promise<{ restores: number; held: number } | null> {
  return db.transaction(async (tx) => {
    const restores = await lockUnheldRestores(tx);
    const latest = restores[restores.length - 1];
    if (!latest) return null;
    const held = await holdUnfinished(tx, latest.id);
    await markRestoresHeld(
      tx,
      restores.map((r) => r.id),
      now.toISOString(),
      held,
    );
    return { restores: restores.length, held };
  });
}

function summary(
  rows: { message_id: string; held: number; in_flight: number; restored_at: string }[],
  titles: Map<string, string>,
): THeldAfterRestore {
  const latest = rows.reduce<string | null>(
    (at, row) => (row.restored_at && (!at || row.restored_at > at) ? row.restored_at : at),
    null,
  );
  return {
    held: rows.reduce((sum, row) => sum + Number(row.held), 0),
    in_flight: rows.reduce((sum, row) => sum + Number(row.in_flight), 0),
    restored_at: latest ? new Date(latest).toISOString() : null,
    messages: rows.map((row) => ({
      message_id: row.message_id,
      title: titles.get(row.message_id) ?? '',
      held: Number(row.held),
    })),
  };
}

/** The station's held texts, per message (the dashboard's notice). */
export async function stationHeldTexts(context: Pick<TServiceContext, 'db' | 'stationId'>) {
  const rows = await heldByMessage(context.db, context.stationId);
  const messages = await findMessages(
    context.db,
    context.stationId,
    rows.map((r) => r.message_id),
  );
  return summary(rows, new Map(messages.map((m) => [m.id, m.title])));
}

/** One message's held texts (its detail's notice); 404 for a message of another station. */
export async function messageHeldTexts(
  context: Pick<TServiceContext, 'db' | 'stationId'>,
  messageId: string,
): Promise<THeldAfterRestore> {
  const message = await findMessage(context.db, context.stationId, messageId);
  if (!message) throw notFound('message_not_found');
  return {
    ...summary(await heldByMessage(context.db, context.stationId, messageId), new Map()),
    messages: [],
  };
}

export type THeldDecisionDeps = {
  sms: TSmsProvider;
  dispatch: Pick<TDispatchQueue, 'wake'>;
  events: TEventBus;
  /** The service's pace (a lane's sender is what the lookup needs). */
  serviceRate: number;
};

async function allHeld(db: Db, stationId: string, messageId: string): Promise<THeldText[]> {
  const all: THeldText[] = [];
  for (;;) {
    const page = await heldTextsOf(db, stationId, messageId, all[all.length - 1]?.id ?? null, 1000);
    all.push(...page);
    if (page.length < 1000) return all;
  }
}

/**
 * Asks the provider, per lane (its sender) and in chunks, which texts it already has. Throws when
 * it cannot answer.
 */
async function lookUp(db: Db, deps: THeldDecisionDeps, texts: THeldText[]): Promise<Map<string, string>> {
  const lookup = deps.sms.lookup?.bind(deps.sms);
  if (!lookup) throw new Error(`the ${deps.sms.name} provider cannot say which texts it has`);
  const found = new Map<string, string>();
  for (const lane of new Set(texts.map((t) => t.lane))) {
    const { from } = await resolveLane(db, lane, deps.serviceRate);
    const ofLane = texts.filter((t) => t.lane === lane);
    for (let i = 0; i < ofLane.length; i += LOOKUP_CHUNK) {
      const chunk = ofLane.slice(i, i + LOOKUP_CHUNK);
      const answers = await lookup(
        chunk.map((t) => ({ to: t.phone, body: t.body, since: new Date(Date.parse(t.since)) })),
        from,
      );
      chunk.forEach((t, index) => {
        const pid = answers[index];
        if (pid) found.set(t.id, pid);
      });
    }
  }
  return found;
}

/** Refunds cancelled texts once each (the refund's key is the delivery), one ledger line per station. */
async function refund(tx: DbOrTx, ids: string[], at: Date) {
  if (ids.length === 0) return;
  for (const row of await insertRefunds(tx, ids, at.toISOString())) {
    await addCredits(tx, row.station_id, {
      kind: 'refund',
      credits: row.credits,
      ...ledgerLine.refund(row.n),
      reference: row.first,
      at,
    });
  }
}

/**
 * An admin's decision on a message's held texts. Send: every held text is looked up first and
 * nothing moves unless the provider answered for all of them (503 held_texts_lookup_failed);
 * found ones become sent, the others are queued and the dispatcher woken. Cancel: found ones (when
 * the provider answers) become sent, the others failed with their credits refunded; nothing is
 * sent either way. A second decision finds nothing held and changes nothing.
 */
export async function decideHeldTexts(
  context: Pick<TServiceContext, 'db' | 'stationId' | 'now'> & { log?: TServiceContext['log'] },
  deps: THeldDecisionDeps,
  messageId: string,
  action: 'send' | 'cancel',
): Promise<THeldDecisionResult> {
  const { db, stationId, now } = context;
  const message = await findMessage(db, stationId, messageId);
  if (!message) throw notFound('message_not_found');
  const texts = await allHeld(db, stationId, messageId);
  const result: THeldDecisionResult = {
    action,
    already_sent: 0,
    queued: 0,
    cancelled: 0,
    provider_checked: false,
  };
  if (texts.length === 0) return result;

  let found = new Map<string, string>();
  try {
    found = await lookUp(db, deps, texts);
    result.provider_checked = true;
  } catch (error) {
    context.log?.error(
      { err: error, texts: texts.length },
      'SMS provider could not say which held texts it has',
    );
    // Sending without the provider's answer could text someone twice: refuse. Cancelling sends
    // nothing, so it goes ahead.
    if (action === 'send') throw new AppError('held_texts_lookup_failed');
  }

  const at = now.toISOString();
  await db.transaction(async (tx) => {
    const sent = await settleFound(
      tx,
      [...found].map(([id, pid]) => ({ id, pid })),
      at,
    );
    await applyEarlyStatuses(tx, now, [...found.values()]);
    result.already_sent = sent.length;
    const rest = texts.filter((t) => !found.has(t.id)).map((t) => t.id);
    if (action === 'send') {
      result.queued = await requeueHeld(tx, rest);
      await recordDeliveryWebhooks(
        tx,
        sent.map((row) => ({ stationId: row.station_id, sendId: row.send_id })),
        [],
        now,
        { progress: true },
      );
      return;
    }
    const cancelled = await cancelHeld(tx, stationId, messageId, at, CANCELLED_AFTER_RESTORE);
    result.cancelled = cancelled.length;
    const cancelledIds = cancelled.map((row) => row.id);
    await refund(tx, cancelledIds, now);
    const rows = [...sent, ...cancelled].map((row) => ({ stationId: row.station_id, sendId: row.send_id }));
    await recordDeliveryWebhooks(tx, rows, cancelledIds, now, { progress: true });
  });

  if (result.queued > 0) await deps.dispatch.wake(stationId);
  // The message's live views (detail, dashboard) read its progress again.
  await deps.events.publish({ stationId, type: 'sms_progress', data: { message_id: messageId } });
  return result;
}
