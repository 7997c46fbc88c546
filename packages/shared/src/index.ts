export * from './auth.js';
export * from './constants.js';
export * from './phone.js';
export * from './phone-validation.js';
export * from './registration.js';
export * from './relative-time.js';
export * from './station-id.js';
export * from './terms.js';
