// Recent SMS activity (spec §3 Activity, §7 activity): one line per message (a send of a deleted
// message keeps its own line), newest first, saying where its texts really are.
import type { TActivity, TActivityStatus, TDeliveryStages } from '@message-station/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { smsDeliveries, smsSends } from '../../db/schema/index.js';
import { heldForQuietHours, recipientZone, stageColumns, toStages } from '../delivery/status.js';

/** The furthest-behind texts name the line (the order ZActivity's status documents). */
export function activityStatus(stages: TDeliveryStages): TActivityStatus {
  if (stages.sending > 0) return 'sending';
  if (stages.due > 0) return 'queued';
  if (stages.held > 0) return 'held';
  if (stages.failed === stages.total) return 'failed';
  if (stages.failed > 0) return 'partial';
  if (stages.delivered === stages.total) return 'delivered';
  return 'sent';
}

const count = (n: number) => n.toLocaleString('en-US');
const subscribers = (n: number) => `${count(n)} subscriber${n === 1 ? '' : 's'}`;

/** The line in English for API clients ('SMS sent to N subscriber(s)' once the texts went). */
function describe(status: TActivityStatus, recipients: number, stages: TDeliveryStages): string {
  const to = subscribers(recipients);
  switch (status) {
    case 'queued':
      return `SMS queued for ${to}`;
    case 'held':
      return `SMS to ${to} held for quiet hours until 8 AM their time`;
    case 'sending':
      return `SMS sending to ${to}`;
    case 'delivered':
      return `SMS delivered to ${to}`;
    case 'failed':
      return `SMS failed for ${to}`;
    case 'partial':
      return `SMS partly sent to ${to}: ${count(stages.sent + stages.delivered)} sent, ${count(stages.failed)} failed`;
    default:
      return `SMS sent to ${to}`;
  }
}

export async function recentActivity(
  db: Db,
  stationId: string,
  limit: number,
  now: Date,
): Promise<TActivity[]> {
  const line = sql<string>`coalesce(${smsSends.messageId}::text, ${smsSends.id}::text)`;
  // The latest lines come from the station's sends alone (indexed); only their deliveries are read.
  const recent = db.$with('recent').as(
    db
      .select({ key: sql<string>`${line}`.as('key'), at: sql<string>`max(${smsSends.createdAt})`.as('at') })
      .from(smsSends)
      .where(eq(smsSends.stationId, stationId))
      .groupBy(sql`1`)
      .orderBy(desc(sql`2`))
      .limit(limit),
  );
  const held = heldForQuietHours(now);
  const rows = await db
    .with(recent)
    .select({
      key: recent.key,
      at: recent.at,
      messageId: smsSends.messageId,
      title: sql<string>`max(${smsSends.messageTitle})`,
      recipients: sql<number>`count(distinct ${smsDeliveries.phone})::int`,
      onePhone: sql<string>`min(${smsDeliveries.phone})`,
      characters: sql<number>`max(char_length(${smsDeliveries.body}))::int`,
      segments: sql<number>`max(${smsDeliveries.segments})::int`,
      ...stageColumns(now),
      heldUntil: sql<string | null>`min(${smsDeliveries.notBefore}) filter (where ${held})`,
      heldZones: sql<number>`(count(distinct ${recipientZone}) filter (where ${held}))::int`,
      heldZone: sql<string | null>`min(${recipientZone}) filter (where ${held})`,
    })
    .from(recent)
    .innerJoin(smsSends, sql`${smsSends.stationId} = ${stationId} and ${line} = ${recent.key}`)
    .innerJoin(smsDeliveries, eq(smsDeliveries.sendId, smsSends.id))
    .groupBy(recent.key, recent.at, smsSends.messageId)
    .orderBy(desc(recent.at));
  return rows.map((r) => {
    const recipients = Number(r.recipients);
    const stages = toStages(r);
    const status = activityStatus(stages);
    return {
      id: r.key,
      messageId: r.messageId,
      messageTitle: r.title,
      description: describe(status, recipients, stages),
      icon: 'sms',
      status,
      timestamp: new Date(r.at).toISOString(),
      metadata: {
        phone: recipients === 1 ? r.onePhone : null,
        characterCount: Number(r.characters),
        segmentCount: Number(r.segments),
      },
      delivery: {
        ...stages,
        recipients,
        possibleDuplicates: Number(r.possibleDuplicates),
        heldUntil: r.heldUntil ? new Date(r.heldUntil).toISOString() : null,
        heldZone: Number(r.heldZones) === 1 ? r.heldZone : null,
      },
    };
  });
}
