// What the restore command (apps/server/src/db/cli.ts) and the server's start (main.ts) use of
// the texts held after a restore (decision 0055).
export { holdTextsAfterRestore } from './restore-holds.js';
