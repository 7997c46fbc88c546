// What other modules use of delivery: a station's sending settings (the audit trail's "before"),
// the stages a text goes through (the activity page), sends (scheduled sends; the public API v1)
// with their progress and per-recipient report, and the dispatch queue's type.
export { stationSending } from './lanes.js';
export { listRecipients } from './report.js';
export { acceptSend, previewSend } from './send.js';
export { startSend } from './start-send.js';
export { deliveryProgress, toStages } from './status.js';
export type { TDispatchQueue } from './worker.js';
