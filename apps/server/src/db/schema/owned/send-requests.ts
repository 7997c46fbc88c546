// Tables the send-requests module owns: only its repo files import them (see .dependency-cruiser.cjs).
export { messageSendRequests } from '../send-requests.js';
