// Delivery status from the provider's callbacks, and the progress of a message's sends.
import type { TDeliveryProgress, TDeliveryStages } from '@message-station/shared';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../platform/errors.js';
import type { TServiceContext } from '../../service-context.js';
import { findMessage } from '../messages/service.js';
import {
  anyEarlyStatus,
  applyKeptStatuses,
  heldReleases,
  keepEarlyStatus,
  stagesByLanguage,
} from './status-repo.js';
import { recordDeliveryWebhooks } from './webhook-events.js';

/** Twilio's statuses in the order a message moves through them; the last three are final. */
const RANK: Record<
  string,
  { status: 'sent' | 'delivered' | 'undelivered' | 'failed'; rank: number } | undefined
> = {
  sent: { status: 'sent', rank: 2 },
  delivered: { status: 'delivered', rank: 3 },
  read: { status: 'delivered', rank: 3 },
  undelivered: { status: 'undelivered', rank: 3 },
  failed: { status: 'failed', rank: 3 },
  canceled: { status: 'failed', rank: 3 },
};

/**
 * Moves a delivery forward; a late or repeated callback (rank not higher) changes nothing, so a
 * final status is never replaced. A callback can overtake our recording of the provider's id (the
 * provider answered, then called back before our write): it is kept in `sms_early_statuses` and
 * applied as soon as the id is recorded (here, by the dispatcher, or by the minute's sweep).
 * Answers the station to notify, or null when nothing moved.
 */
export async function applyStatusCallback(
  context: Pick<TServiceContext, 'db' | 'now'>,
  input: { providerMessageId: string; status: string; errorCode?: string },
) {
  const { db } = context;
  const next = RANK[input.status];
  if (!next) return null;
  await keepEarlyStatus(db, {
    providerMessageId: input.providerMessageId,
    status: next.status,
    rank: next.rank,
    error: input.errorCode ? `Carrier error ${input.errorCode}` : null,
    receivedAt: context.now,
  });
  const [moved] = await applyEarlyStatuses(db, context.now, [input.providerMessageId]);
  return moved ?? null;
}

/**
 * Applies kept callbacks to the deliveries that now carry their provider ids (all of them when
 * `providerMessageIds` is absent), forward only, and forgets the ones applied.
 */
export async function applyEarlyStatuses(db: DbOrTx, now: Date, providerMessageIds?: string[]) {
  if (providerMessageIds && providerMessageIds.length === 0) return [];
  // Nearly always there is no kept callback: one cheap look says so before the join.
  if (!(await anyEarlyStatus(db, providerMessageIds))) return [];
  const moved = await applyKeptStatuses(db, providerMessageIds);
  // delivery.failed for texts the carrier could not deliver.
  await recordDeliveryWebhooks(
    db,
    moved,
    moved.map((m) => m.id),
    now,
    { progress: false },
  );
  return moved;
}

type TStageRow = Record<
  'total' | 'queued' | 'held' | 'sending' | 'sent' | 'delivered' | 'failed',
  number | string
>;

export function toStages(row: TStageRow): TDeliveryStages {
  const [queued, held, sending] = [Number(row.queued), Number(row.held), Number(row.sending)];
  return {
    total: Number(row.total),
    queued,
    due: queued - held - sending,
    held,
    sending,
    sent: Number(row.sent),
    delivered: Number(row.delivered),
    failed: Number(row.failed),
  };
}

function addStages(a: TDeliveryStages, b: TDeliveryStages): TDeliveryStages {
  const sum = { ...a };
  for (const key of Object.keys(sum) as (keyof TDeliveryStages)[]) sum[key] += b[key];
  return sum;
}

const NO_TEXTS: TDeliveryStages = {
  total: 0,
  queued: 0,
  due: 0,
  held: 0,
  sending: 0,
  sent: 0,
  delivered: 0,
  failed: 0,
};

/** Every send of one message: texts at each stage, per language, and when the held ones go. */
export async function deliveryProgress(
  context: Pick<TServiceContext, 'db' | 'stationId' | 'now'>,
  messageId: string,
): Promise<TDeliveryProgress> {
  const { db, stationId, now } = context;
  const message = await findMessage(db, stationId, messageId);
  if (!message) throw notFound('message_not_found');
  const [languages, releases] = await Promise.all([
    stagesByLanguage(db, stationId, messageId, now),
    heldReleases(db, stationId, messageId, now),
  ]);
  const perLanguage = languages.map((row) => ({ language: row.language, ...toStages(row) }));
  const totals = perLanguage.reduce<TDeliveryStages>(addStages, NO_TEXTS);
  return {
    ...totals,
    waiting: totals.held,
    possibleDuplicates: languages.reduce((sum, row) => sum + Number(row.possibleDuplicates), 0),
    releases: releases.map((r) => ({
      zone: r.zone,
      at: new Date(r.at).toISOString(),
      count: Number(r.count),
    })),
    languages: perLanguage,
  };
}
