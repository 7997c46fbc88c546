// What billing may do to a station row (its payment state and SMS credit balance), for the
// billing module's ledger, Stripe events and payment deadlines; the station module owns the table.
export {
  addToCreditBalance,
  endExpiredTrials,
  findStationRow,
  lockCreditBalance,
  lockStationRow,
  setStationBilling,
  spendFromCreditBalance,
  suspendOverdueStations,
  type TStationBillingChange,
  type TStationRow,
} from './billing-repo.js';
