// Tables the machines module owns: only its repo files import them (see .dependency-cruiser.cjs).
export { agentClients } from '../machines.js';
