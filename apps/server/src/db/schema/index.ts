export * from './stations.js';
export * from './users.js';
