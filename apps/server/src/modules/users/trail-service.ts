// What the audit trail reads of users: an account's identity and actors' names, by id.
export { findAccount, findUserNames, userNamesJsonSql } from './trail-repo.js';
