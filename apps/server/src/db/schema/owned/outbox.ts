// Tables the dev outbox provider owns (providers/outbox; see .dependency-cruiser.cjs).
export { outboxMessages } from '../verification.js';
