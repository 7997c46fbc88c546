// Tables the inbox module owns (conversations and their texts): only its repo files import them
// (see .dependency-cruiser.cjs).
export { inboxConversations, inboxMessages } from '../inbox.js';
