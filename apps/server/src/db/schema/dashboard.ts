// The dashboard's per-station state (decision 0065): one row per station, created with it.
import { pgTable, timestamp } from 'drizzle-orm/pg-core';
import { oneRowPerStation } from './stations.js';

export const stationFirstRun = pgTable('station_first_run', {
  stationId: oneRowPerStation(),
  /** An admin hid the dashboard's first-run checklist; null: shown until complete. */
  hiddenAt: timestamp('hidden_at', { withTimezone: true }),
});
