// What other modules call: the events they record where things happen (events.ts).
export {
  recordConsentWebhooks,
  recordSendProgress,
  recordWebhookEvent,
  recordWebhookEvents,
  type TSendCounts,
  type TWebhookEvent,
  webhookListeners,
} from './events.js';
