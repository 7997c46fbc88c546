// Tables the bot-check module owns: only its repo files import them (see .dependency-cruiser.cjs).
export { botCheckUses } from '../contact.js';
