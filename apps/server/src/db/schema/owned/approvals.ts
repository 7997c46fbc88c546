// Tables the approvals module owns: only its repo files import them (see .dependency-cruiser.cjs).
export { messageApprovals } from '../approvals.js';
