// Tables the delivery module owns: only its repo files import them (see .dependency-cruiser.cjs).
export {
  DELIVERY_STATUSES,
  smsDeliveries,
  smsDispatchLanes,
  smsDispatchWorkers,
  smsEarlyStatuses,
  smsHourlyStats,
  smsRefunds,
  smsSendHolds,
  smsSendStats,
  smsSends,
  stationSending,
} from '../delivery.js';
export { databaseRestores } from '../restores.js';
