// Tables the sms-texts module owns: only its repo files import them (see .dependency-cruiser.cjs).
export { stationSmsTexts } from '../stations.js';
