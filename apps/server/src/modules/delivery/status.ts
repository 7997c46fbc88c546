// Delivery status from the provider's callbacks, and the progress of a message's sends.
import type { TDeliveryProgress } from '@message-station/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { smsDeliveries, smsSends } from '../../db/schema/index.js';

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

const currentRank = sql`case ${smsDeliveries.status} when 'queued' then 0 when 'claimed' then 1 when 'submitting' then 1 when 'sent' then 2 else 3 end`;

/**
 * Moves a delivery forward; a late or repeated callback (rank not higher) changes nothing, so a
 * final status is never replaced. Answers the station to notify, or null when nothing moved.
 */
export async function applyStatusCallback(
  db: Db,
  input: { providerMessageId: string; status: string; errorCode?: string; at: Date },
) {
  const next = RANK[input.status];
  if (!next) return null;
  const rows = await db
    .update(smsDeliveries)
    .set({
      status: next.status,
      ...(next.rank === 3 ? { finishedAt: input.at } : {}),
      ...(input.errorCode ? { error: `Carrier error ${input.errorCode}` } : {}),
    })
    .where(
      and(eq(smsDeliveries.providerMessageId, input.providerMessageId), sql`${currentRank} < ${next.rank}`),
    )
    .returning({ stationId: smsDeliveries.stationId, sendId: smsDeliveries.sendId });
  return rows[0] ?? null;
}

export async function deliveryProgress(
  db: Db,
  stationId: string,
  messageId: string,
  now: Date,
): Promise<TDeliveryProgress> {
  const rows = await db
    .select({
      language: smsDeliveries.language,
      status: smsDeliveries.status,
      waiting: sql<number>`count(*) filter (where ${smsDeliveries.status} = 'queued' and ${smsDeliveries.notBefore} > ${now.toISOString()}::timestamptz)::int`,
      n: sql<number>`count(*)::int`,
    })
    .from(smsDeliveries)
    .innerJoin(smsSends, eq(smsSends.id, smsDeliveries.sendId))
    .where(and(eq(smsSends.stationId, stationId), eq(smsSends.messageId, messageId)))
    .groupBy(smsDeliveries.language, smsDeliveries.status);
  const empty = () => ({ total: 0, queued: 0, sent: 0, delivered: 0, failed: 0 });
  const totals = { ...empty(), waiting: 0 };
  const languages = new Map<string, ReturnType<typeof empty>>();
  for (const row of rows) {
    const n = Number(row.n);
    const bucket = row.status === 'claimed' || row.status === 'submitting' ? 'queued' : row.status === 'undelivered' ? 'failed' : row.status;
    const language = languages.get(row.language) ?? empty();
    language.total += n;
    language[bucket] += n;
    languages.set(row.language, language);
    totals.total += n;
    totals[bucket] += n;
    totals.waiting += Number(row.waiting);
  }
  return { ...totals, languages: [...languages].map(([language, counts]) => ({ language, ...counts })) };
}
