// What the audit trail reads of a contact: the view it compares before and after a staff change.
export { findContactView } from './trail-repo.js';
