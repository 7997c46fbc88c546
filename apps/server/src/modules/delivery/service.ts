// What other modules use of delivery: a station's sending settings (the audit trail's "before")
// and the stages a text goes through (the activity page).
export { stationSending } from './lanes.js';
export { toStages } from './status.js';
