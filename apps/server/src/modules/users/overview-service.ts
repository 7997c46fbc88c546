// What the superadmin overview reads of users: counts per station, never the rows.
export { countUsersPerStation } from './overview-repo.js';
