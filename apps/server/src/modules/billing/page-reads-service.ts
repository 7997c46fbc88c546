// Billing's part of the dashboard's one-statement read (decision 0061).
import type { SQL } from 'drizzle-orm';
import { includedCreditsSql as includedCredits } from './ledger-repo.js';

/** The credits the station's plan includes this period, as a column of the dashboard's statement. */
export function includedCreditsSql(stationId: SQL): SQL {
  return includedCredits(stationId);
}
