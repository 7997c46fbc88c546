// What the dashboard and the superadmin overview read of subscribers: counts, never the rows.
export { countActiveContacts, countStationContacts, stationContactCountsSql } from './overview-repo.js';
