// What the superadmin overview reads of the stations; their users and messages are counted by
// the modules that own them.
export { listStationsOverview } from './overview-repo.js';
