// What other modules use of delivery: a station's sending settings (the audit trail's "before")
// and the stages a text goes through (the activity page).
export { stationSending } from './lanes.js';
// Scheduled sends check a send when scheduled and make it at the time (issue 21).
export { acceptSend, previewSend } from './send.js';
export { toStages } from './status.js';
