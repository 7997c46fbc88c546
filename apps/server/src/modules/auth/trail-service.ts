// What the audit trail reads of sign-in tokens: user ids only, never the token rows.
export { findTokenUserId, type TSignInToken } from './trail-repo.js';
