// Sending lanes (decision 0016): which lane a station's texts go out on, with what sender and
// pace, and the operator's setting of a station's own number and 10DLC rate.
import type { TStationSmsSending, TStationSmsSendingResponse } from '@message-station/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import type { TAuditScope } from '../../platform/audit-rule.js';
import { notFound } from '../../platform/errors.js';
import { DEFAULT_LANE } from './dispatcher.js';
import { moveQueuedToLane, registerLane } from './lane-repo.js';
import { findStationSending, setStationSending as storeStationSending } from './sending-repo.js';

const STATION_LANE_PREFIX = 'station:';

export function laneOf(station: { id: string; smsSender: string | null }): string {
  return station.smsSender ? `${STATION_LANE_PREFIX}${station.id}` : DEFAULT_LANE;
}

export type TLaneSettings = { ratePerSecond: number; from: string | null };

/**
 * The sender and pace of a lane now: the service's for the default lane; a station's own sender
 * and rate (or the service's rate) for its lane. A station that lost its own sender sends what is
 * left in its lane from the service's number.
 */
export async function resolveLane(db: Db, lane: string, serviceRate: number): Promise<TLaneSettings> {
  if (!lane.startsWith(STATION_LANE_PREFIX)) return { ratePerSecond: serviceRate, from: null };
  const station = await findStationSending(db, lane.slice(STATION_LANE_PREFIX.length));
  return { ratePerSecond: station?.smsRatePerSecond ?? serviceRate, from: station?.smsSender ?? null };
}

function describe(
  station: { id: string; smsSender: string | null; smsRatePerSecond: number | null },
  serviceRate: number,
): TStationSmsSendingResponse {
  return {
    station_id: station.id,
    sms_sender: station.smsSender,
    sms_rate_per_second: station.smsRatePerSecond,
    lane: laneOf(station),
    effective_rate_per_second: station.smsSender ? (station.smsRatePerSecond ?? serviceRate) : serviceRate,
  };
}

async function findStation(db: DbOrTx, stationId: string, lock = false) {
  const station = await findStationSending(db, stationId, lock);
  if (!station) throw notFound('station_not_found');
  return station;
}

export async function stationSending(db: Db, stationId: string, serviceRate: number) {
  return describe(await findStation(db, stationId), serviceRate);
}

/**
 * Sets (or clears) a station's own sender and rate. Texts still queued move to the station's new
 * lane in the same transaction, so they go from the new sender; texts already claimed or in the
 * provider's hands finish where they are.
 */
export async function setStationSending(
  db: Db,
  stationId: string,
  input: TStationSmsSending,
  serviceRate: number,
  audit?: TAuditScope,
): Promise<TStationSmsSendingResponse> {
  return db.transaction(async (tx) => {
    // The audit's view before: the sender and pace this replaces, under the row's lock.
    audit?.before(describe(await findStation(tx, stationId, true), serviceRate));
    const updated = await storeStationSending(tx, stationId, {
      smsSender: input.sms_sender,
      smsRatePerSecond: input.sms_rate_per_second,
    });
    if (!updated) throw notFound('station_not_found');
    const lane = laneOf(updated);
    await registerLane(tx, lane);
    const moved = await moveQueuedToLane(tx, stationId, lane);
    const sending = describe(updated, serviceRate);
    audit?.after(sending);
    return { ...sending, moved_queued: moved };
  });
}
