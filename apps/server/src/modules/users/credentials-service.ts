// What the auth module changes on a user row: password and second factor. Users owns the table.
export {
  markTotpEnabled,
  recordTotpStep,
  resetPassword,
  setPassword,
  setTotpSecret,
} from './credentials-repo.js';
