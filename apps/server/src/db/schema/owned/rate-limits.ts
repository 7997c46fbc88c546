// Tables the rate limiter owns; its store is platform/rate-limit/store.ts (see .dependency-cruiser.cjs).
export { rateLimits } from '../users.js';
