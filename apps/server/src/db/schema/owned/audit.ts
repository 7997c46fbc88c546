// Tables the audit module owns: only its repo files import them (see .dependency-cruiser.cjs).
export { auditLog } from '../users.js';
