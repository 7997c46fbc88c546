// Tables the templates module owns (saved messages and their translations): only its repo files import them (see .dependency-cruiser.cjs).
export { messageTemplates, messageTemplateTranslations } from '../templates.js';
