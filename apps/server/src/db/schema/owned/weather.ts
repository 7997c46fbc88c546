// Tables the weather module owns: only its repo files import them (see .dependency-cruiser.cjs).
export { weatherAlerts, weatherSettings } from '../weather.js';
