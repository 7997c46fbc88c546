// Tables the translation module owns (a station's engines): only its repo files import them (see .dependency-cruiser.cjs).
export { stationTranslationEngines } from '../translation-settings.js';
