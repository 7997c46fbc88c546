// What the audit trail reads of the weather module: a station's settings as stored.
export { findSettings as findWeatherSettings } from './repo.js';
