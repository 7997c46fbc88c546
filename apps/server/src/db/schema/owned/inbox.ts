// Tables the inbox module owns (conversations and their texts, the station's inbox settings): only
// its repo files import them (see .dependency-cruiser.cjs).
export { inboxConversations, inboxMessages, stationInboxSettings } from '../inbox.js';
