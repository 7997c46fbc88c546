// Tables the station-keys module owns (the public API's keys): only its repo files import them (see .dependency-cruiser.cjs).
export { stationApiKeys } from '../station-keys.js';
