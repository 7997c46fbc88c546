// The station's parts of the admin pages' one-statement reads (decision 0061): each a scalar
// subquery the page's module places in its statement.
import type { SQL } from 'drizzle-orm';
import * as reads from './page-reads-repo.js';

export type { TStationCardJson } from './page-reads-repo.js';

/** Whether the station exists. */
export function stationExistsSql(stationId: SQL): SQL {
  return reads.stationExistsSql(stationId);
}

/** The station's message type keys in their order, as a JSON array. */
export function messageTypeKeysSql(stationId: SQL): SQL {
  return reads.messageTypeKeysSql(stationId);
}

/** The dashboard's station card (TStationCardJson); null when the station is gone. */
export function stationCardSql(stationId: SQL): SQL {
  return reads.stationCardSql(stationId);
}

/** The station's time zone (IANA) as text; null when the station is gone. */
export function stationTimeZoneSql(stationId: SQL): SQL {
  return reads.stationTimeZoneSql(stationId);
}

/** The station's approval settings (approvals' TApprovalStation) as JSON; null when gone. */
export function stationApprovalSettingsSql(stationId: SQL): SQL {
  return reads.stationApprovalSettingsSql(stationId);
}
