// Tables the audio module owns (a station's server voices): only its repo files import them (see .dependency-cruiser.cjs).
export { stationVoices } from '../translation-settings.js';
