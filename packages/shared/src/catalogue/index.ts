// The catalogue entry, `@message-station/shared/catalogue`: the shared package's values and rules
// that need no zod (docs/decisions/0073-shared-catalogue-and-schemas.md). Constants, limits, the
// texts subscribers and staff receive, the phrasebook, SMS counting and composing, wall-clock and
// relative times, permissions. The package's main entry (../index.ts) exports all of these too,
// beside the zod schemas and the endpoint table.
//
// Nothing this file reaches imports zod, libphonenumber-js or a schema module, even for a type:
// the rule `shared-catalogue-without-zod` in .dependency-cruiser.cjs fails `npm run lint` when one
// does. A module joins the list below only when that holds for it.
export * from '../area-code-time-zones.js';
export * from '../constants.js';
export * from '../espeak-text.js';
export * from '../permissions.js';
export * from '../phone.js';
export * from '../phrasebook/index.js';
export * from '../relative-time.js';
export * from '../sms-compose.js';
export * from '../sms-segments.js';
export * from '../station-events.js';
export * from '../terms.js';
export * from '../text-limits.js';
export * from '../translation-trust.js';
export * from '../wall-clock.js';
export * from '../weather-phrases.js';
export * from './email.js';
export * from './message-types.js';
export * from './sms.js';
