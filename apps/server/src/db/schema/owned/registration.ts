// Tables the registration module owns: only its repo files import them (see .dependency-cruiser.cjs).
export { registrationDrafts, type TDraftMessageType } from '../registration.js';
