// Tables the schedules module owns: only its repo files import them (see .dependency-cruiser.cjs).
export { messageScheduleRuns, messageSchedules } from '../schedules.js';
