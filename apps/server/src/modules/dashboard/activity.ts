// Recent SMS activity: one line per message (a send of a deleted
// message keeps its own line), newest first, saying where its texts really are.
import type { TActivity, TActivityStatus, TDeliveryStages } from '@message-station/shared';
import { formatCount } from '../../platform/numbers.js';
import type { TServiceContext } from '../../service-context.js';
import { countPeopleOfSends, listActivityLines } from '../delivery/overview-service.js';
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

/**
 * The station's lines from the delivery module (one statement over its sends' rollups, decision
 * 0030), and, only for a message sent more than once, the people its sends reached: a second send
 * to the same phones must not count them twice.
 */
export async function recentActivity(
  context: Pick<TServiceContext, 'db' | 'now' | 'stationId'>,
  input: { limit: number },
): Promise<TActivity[]> {
  const { db, now, stationId } = context;
  const lines = await listActivityLines(db, { stationId, at: now, limit: input.limit });
  const people = await countPeopleOfSends(
    db,
    lines.filter((line) => Number(line.sends) > 1),
  );
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
