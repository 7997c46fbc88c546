// What the inbox may change of a station: its auto-reply switch.
export { setInboxAutoReply } from './inbox-settings-repo.js';
