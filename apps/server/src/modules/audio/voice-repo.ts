// Queries on the server voice a station chose per language (station_voices).
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { stationVoices } from '../../db/schema/owned/audio.js';

export function listStationVoices(db: DbOrTx, stationId: string) {
  return db
    .select({ language: stationVoices.language, voice: stationVoices.voice })
    .from(stationVoices)
    .where(eq(stationVoices.stationId, stationId));
}

export async function findStationVoice(db: DbOrTx, stationId: string, language: string) {
  const [row] = await db
    .select({ voice: stationVoices.voice })
    .from(stationVoices)
    .where(and(eq(stationVoices.stationId, stationId), eq(stationVoices.language, language)));
  return row?.voice ?? null;
}

export async function saveStationVoice(
  db: DbOrTx,
  values: { stationId: string; language: string; voice: string; updatedAt: Date },
) {
  await db
    .insert(stationVoices)
    .values(values)
    .onConflictDoUpdate({
      target: [stationVoices.stationId, stationVoices.language],
      set: { voice: values.voice, updatedAt: values.updatedAt },
    });
}

export async function deleteStationVoice(db: DbOrTx, stationId: string, language: string) {
  await db
    .delete(stationVoices)
    .where(and(eq(stationVoices.stationId, stationId), eq(stationVoices.language, language)));
}
