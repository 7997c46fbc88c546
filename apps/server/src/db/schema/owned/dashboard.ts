// Tables the dashboard module owns (the first-run checklist's state): only its repo files import
// them (see .dependency-cruiser.cjs).
export { stationFirstRun } from '../dashboard.js';
