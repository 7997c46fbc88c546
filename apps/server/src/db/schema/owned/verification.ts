// Tables the verification module owns: only its repo files import them (see .dependency-cruiser.cjs).
export { verificationCodes } from '../verification.js';
