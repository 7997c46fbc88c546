// What the dashboard and the superadmin overview read of messages: counts, never the rows.
export { countMessagesPerStation, countStationMessages, stationMessageCountsSql } from './overview-repo.js';
