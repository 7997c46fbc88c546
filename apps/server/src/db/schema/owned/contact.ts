// Tables the contact module owns: only its repo files import them (see .dependency-cruiser.cjs).
export { contactRequests } from '../contact.js';
