// Tables the translation module owns (a station's engines and glossary, the translation memory): only its repo files import them (see .dependency-cruiser.cjs).

export { translationMemory } from '../translation-memory.js';
export { stationGlossaryTerms, stationTranslationEngines } from '../translation-settings.js';
