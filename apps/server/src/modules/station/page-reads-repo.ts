// What the admin pages' one-statement reads need of a station (decision 0061), as SQL the
// station module writes and the page's module places in its statement: the station row's card
// fields, and its message types' keys in their order. Each is a scalar subquery answering JSON
// (or a boolean), so a page reads everything it shows in one round trip.
import { type SQL, sql } from 'drizzle-orm';
import { messageTypes, stationPolicies, stations } from '../../db/schema/owned/station.js';

/** Whether the station exists. */
export function stationExistsSql(stationId: SQL): SQL {
  return sql`exists (select 1 from ${stations} s where s.id = ${stationId})`;
}

/** The station's message type keys in the order of listMessageTypes (sort order), as a JSON array. */
export function messageTypeKeysSql(stationId: SQL): SQL {
  return sql`(select coalesce(json_agg(t.message_type order by t.sort_order), '[]'::json)
    from ${messageTypes} t where t.station_id = ${stationId})`;
}

/**
 * The JSON of the station row's fields the dashboard shows; null when gone. Its credits and payment
 * state are billing's (`station_billing`, billing/page-reads-service.ts).
 */
export type TStationCardJson = {
  id: string;
  displayName: string;
  smsEnabled: boolean;
};

export function stationCardSql(stationId: SQL): SQL {
  return sql`(select json_build_object('id', s.id, 'displayName', s.display_name, 'smsEnabled', s.sms_enabled)
    from ${stations} s where s.id = ${stationId})`;
}

/** The zone the station's days and months are counted in (its schedules' zone); null when gone. */
export function stationTimeZoneSql(stationId: SQL): SQL {
  return sql`(select s.time_zone from ${stations} s where s.id = ${stationId})`;
}

/** The station's approval settings (approvals' TApprovalStation) as JSON; null when gone. */
export function stationApprovalSettingsSql(stationId: SQL): SQL {
  return sql`(select json_build_object('id', p.station_id, 'approvalRequiredTypes', p.approval_required_types,
      'approvalBypassEmergency', p.approval_bypass_emergency)
    from ${stationPolicies} p where p.station_id = ${stationId})`;
}
