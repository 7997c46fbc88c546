// Billing's part of the dashboard's one-statement read (decision 0061).
export { includedCreditsSql } from './ledger-repo.js';
