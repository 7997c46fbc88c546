// Tables the auth module owns: only its repo files import them (see .dependency-cruiser.cjs).
export { loginChallenges, passwordResetTokens, recoveryCodes, sessions } from '../users.js';
