// Tables the users module owns: only its repo files import them (see .dependency-cruiser.cjs).
export { apiKeys, userInvitations, users } from '../users.js';
