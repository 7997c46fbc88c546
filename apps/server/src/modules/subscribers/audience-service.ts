// A send's audience, for the delivery module: counted per language and selected for its
// INSERT … SELECT of delivery rows, from one condition (audience-repo.ts).
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import * as audience from './audience-repo.js';

export type { TAudienceBody, TAudienceColumns } from './audience-repo.js';

/** The active, verified contacts who chose this message type, counted per language. */
export function countAudienceByLanguage(
  db: DbOrTx,
  stationId: string,
  messageType: string,
  waiting: ((phone: SQL) => SQL) | null,
) {
  return audience.countAudienceByLanguage(db, stationId, messageType, waiting);
}

/** The SELECT of the audience's delivery rows, one per contact with its language's body. */
export function audienceRows(
  stationId: string,
  messageType: string,
  bodies: audience.TAudienceBody[],
  columns: (audience: audience.TAudienceColumns) => SQL,
): SQL {
  return audience.audienceRows(stationId, messageType, bodies, columns);
}
