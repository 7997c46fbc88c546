// What the translation worker reads of the weather module: the NWS alert a message was drafted
// from, if any (its text is public: every station following the county may reuse its
// translations, decision 0059; an auto-send waiting on it goes first).
export { findAlertByMessage as findAlertOfMessage } from './repo.js';
