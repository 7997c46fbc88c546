export * from './auth.js';
export * from './constants.js';
export * from './phone.js';
export * from './relative-time.js';
export * from './station-id.js';
