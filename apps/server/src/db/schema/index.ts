export * from './billing.js';
export * from './logos.js';
export * from './messages.js';
export * from './registration.js';
export * from './stations.js';
export * from './subscribers.js';
export * from './users.js';
export * from './verification.js';
