// Tables the webhooks module owns: only its repo files import them (see .dependency-cruiser.cjs).
export { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookSendMarks } from '../webhooks.js';
