// For other modules' queues (the inbox's): pg-boss jobs written in the caller's transaction.
export { jobsIn } from '../../platform/jobs.js';
