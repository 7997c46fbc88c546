// The station's parts of the admin pages' one-statement reads (decision 0061).
export {
  messageTypeKeysSql,
  stationApprovalSettingsSql,
  stationCardSql,
  stationExistsSql,
  stationPaymentStatusSql,
  type TStationCardJson,
} from './page-reads-repo.js';
