// Tables the superadmin module owns: only its repo files import them (see .dependency-cruiser.cjs).
export { superadminAudit } from '../users.js';
