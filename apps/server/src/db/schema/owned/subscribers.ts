// Tables the subscribers module owns (SMS contacts, preferences, consent, inbound texts): only its repo
// files import them (see .dependency-cruiser.cjs).
export {
  consentEvents,
  inboundMessages,
  smsContactCounts,
  smsContactPreferences,
  smsContacts,
  type TPendingSignup,
} from '../subscribers.js';
