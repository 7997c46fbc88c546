// Tables the station module owns: only its repo files import them (see .dependency-cruiser.cjs).
export { stationLogos } from '../logos.js';
export {
  messageTypes,
  messageTypeTranslations,
  stationLanguages,
  stationPolicies,
  stations,
} from '../stations.js';
