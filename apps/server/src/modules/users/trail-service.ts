// What the audit trail reads of users: an account's identity and actors' names, by id.
export { findAccount, findUserNames } from './trail-repo.js';
