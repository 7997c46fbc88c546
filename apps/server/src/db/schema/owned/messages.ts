// Tables the messages module owns (translation rows included): only its repo files import them (see .dependency-cruiser.cjs).
export { messages, messageTranslations } from '../messages.js';
