// Queries on a station's own wording of its subscriber texts (station_sms_texts).
import type { TStationSmsTextKind } from '@message-station/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { stationSmsTexts } from '../../db/schema/owned/sms-texts.js';

export function listStationTexts(db: DbOrTx, stationId: string) {
  return db
    .select({ kind: stationSmsTexts.kind, language: stationSmsTexts.language, body: stationSmsTexts.body })
    .from(stationSmsTexts)
    .where(eq(stationSmsTexts.stationId, stationId));
}

/** The texts of one kind and language at each of these stations (one query for a keyword reply). */
export function findStationTexts(
  db: DbOrTx,
  stationIds: string[],
  kind: TStationSmsTextKind,
  language: string,
) {
  if (stationIds.length === 0) return Promise.resolve([]);
  return db
    .select({ stationId: stationSmsTexts.stationId, body: stationSmsTexts.body })
    .from(stationSmsTexts)
    .where(
      and(
        inArray(stationSmsTexts.stationId, stationIds),
        eq(stationSmsTexts.kind, kind),
        eq(stationSmsTexts.language, language),
      ),
    );
}

export async function saveStationText(
  db: DbOrTx,
  values: { stationId: string; kind: TStationSmsTextKind; language: string; body: string; updatedAt: Date },
) {
  await db
    .insert(stationSmsTexts)
    .values(values)
    .onConflictDoUpdate({
      target: [stationSmsTexts.stationId, stationSmsTexts.kind, stationSmsTexts.language],
      set: { body: values.body, updatedAt: values.updatedAt },
    });
}

export async function deleteStationText(
  db: DbOrTx,
  stationId: string,
  kind: TStationSmsTextKind,
  language: string,
) {
  await db
    .delete(stationSmsTexts)
    .where(
      and(
        eq(stationSmsTexts.stationId, stationId),
        eq(stationSmsTexts.kind, kind),
        eq(stationSmsTexts.language, language),
      ),
    );
}
