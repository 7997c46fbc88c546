// Recent SMS activity (spec §3 Activity, §7 activity): one line per message (a send of a deleted
// message keeps its own line), newest first, saying where its texts really are.
import type { TActivity, TActivityStatus, TDeliveryStages } from '@message-station/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { executeNamed, rowsOf } from '../../db/rows.js';
import { smsDeliveries, smsSendHolds, smsSendStats, smsSends } from '../../db/schema/owned/delivery.js';
import { formatCount } from '../../platform/numbers.js';
import type { TServiceContext } from '../../service-context.js';
import { toStages } from '../delivery/service.js';

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

const count = formatCount;
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

type TLineRow = {
  key: string;
  sends: number;
  send_ids: string[];
  at: string;
  message_id: string | null;
  title: string;
  recipients: number;
  one_phone: string | null;
  characters: number;
  segments: number;
  total: number;
  queued: number;
  sending: number;
  sent: number;
  delivered: number;
  failed: number;
  possible_duplicates: number;
  held: number;
  held_until: string | null;
  held_zones: number;
  held_zone: string | null;
};

/**
 * The people a message sent more than once reached: its sends' distinct phones (a second, rare
 * statement; a single send's recipients are its texts, one per contact, phones being unique).
 */
async function peopleOfRepeatedSends(db: Db, lines: TLineRow[]): Promise<Map<string, number>> {
  const repeated = lines.filter((line) => Number(line.sends) > 1);
  if (repeated.length === 0) return new Map();
  const rows = rowsOf<{ key: string; people: number }>(
    await db.execute(sql`
      select l.key, (select count(distinct d.phone)::int from ${smsDeliveries} d
        where d.send_id = any(l.send_ids::uuid[])) as people
      from jsonb_to_recordset(${JSON.stringify(repeated.map((l) => ({ key: l.key, send_ids: l.send_ids })))}::jsonb)
        as l(key text, send_ids text[])`),
  );
  return new Map(rows.map((row) => [row.key, Number(row.people)]));
}

/**
 * One statement over the station's sends and their rollups (decision 0030): the send's counts per
 * status and its quiet-hours holds, never its deliveries, except to count the people of a message
 * sent more than once.
 */
export async function recentActivity(
  context: Pick<TServiceContext, 'db' | 'now' | 'stationId'>,
  input: { limit: number },
): Promise<TActivity[]> {
  const { db, now, stationId } = context;
  const { limit } = input;
  const at = now.toISOString();
  const lines = await executeNamed<TLineRow>(
    db,
    'dashboard_activity',
    sql`
    with recent as (
      select coalesce(s.message_id::text, s.id::text) as key, max(s.created_at) as at,
        count(*)::int as sends, array_agg(s.id) as send_ids
      from ${smsSends} s where s.station_id = ${stationId}
      group by 1 order by 2 desc limit ${limit}
    ),
    holds as (
      select r.key, sum(h.count)::int as held, min(h.release_at) as held_until,
        count(distinct h.zone)::int as held_zones, min(h.zone) as held_zone
      from recent r join ${smsSendHolds} h on h.send_id = any(r.send_ids)
      where h.count > 0 and h.release_at > ${at}::timestamptz
      group by r.key
    )
    select r.key, r.at, max(s.message_id::text) as message_id, max(s.message_title) as title,
      r.sends, to_json(r.send_ids) as send_ids, sum(st.total)::int as recipients,
      min(st.one_phone) as one_phone, max(st.characters)::int as characters, max(st.segments)::int as segments,
      sum(st.total)::int as total,
      sum(st.queued + st.claimed + st.submitting)::int as queued,
      sum(st.claimed + st.submitting)::int as sending,
      sum(st.sent)::int as sent, sum(st.delivered)::int as delivered,
      sum(st.failed + st.undelivered)::int as failed,
      sum(st.possible_duplicates)::int as possible_duplicates,
      coalesce(max(h.held), 0)::int as held, max(h.held_until) as held_until,
      coalesce(max(h.held_zones), 0)::int as held_zones, max(h.held_zone) as held_zone
    from recent r
    join ${smsSends} s on s.id = any(r.send_ids)
    join ${smsSendStats} st on st.send_id = s.id
    left join holds h on h.key = r.key
    group by r.key, r.at, r.sends, r.send_ids
    having sum(st.total) > 0
    order by r.at desc`,
  );
  const people = await peopleOfRepeatedSends(db, lines);
  return lines.map((r) => {
    const recipients = people.get(r.key) ?? Number(r.recipients);
    const stages = toStages(r);
    const status = activityStatus(stages);
    return {
      id: r.key,
      messageId: r.message_id,
      messageTitle: r.title,
      description: describe(status, recipients, stages),
      icon: 'sms',
      status,
      timestamp: new Date(r.at).toISOString(),
      metadata: {
        phone: recipients === 1 ? r.one_phone : null,
        characterCount: Number(r.characters),
        segmentCount: Number(r.segments),
      },
      delivery: {
        ...stages,
        recipients,
        possibleDuplicates: Number(r.possible_duplicates),
        heldUntil: r.held_until ? new Date(r.held_until).toISOString() : null,
        heldZone: Number(r.held_zones) === 1 ? r.held_zone : null,
      },
    };
  });
}
