// Tables the station module owns, the credit and plan columns of `stations` included: only its repo
// files import them (see .dependency-cruiser.cjs); billing and delivery change credits through its service.
export { stationLogos } from '../logos.js';
export {
  messageTypes,
  messageTypeTranslations,
  stationLanguages,
  stationPolicies,
  stations,
} from '../stations.js';
