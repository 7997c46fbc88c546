// Tables the translation module owns (a station's engines and glossary): only its repo files import them (see .dependency-cruiser.cjs).
export { stationGlossaryTerms, stationTranslationEngines } from '../translation-settings.js';
