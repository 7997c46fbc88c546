// A machine as the Machines page and the live list show it: its row in the API's shape.
import { LANGUAGE_CODES, type TConnectedClient } from '@message-station/shared';
import type { TClientRow } from './repo.js';

function rank(code: string) {
  const index = (LANGUAGE_CODES as readonly string[]).indexOf(code);
  return index === -1 ? LANGUAGE_CODES.length : index;
}

/** Voices in the product's language order (the database keeps JSON keys in its own order). */
function ordered(voices: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(voices).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b)),
  );
}

export function toApi(row: TClientRow): TConnectedClient {
  const voices = ordered(row.voices);
  return {
    client_id: row.clientId,
    client_name: row.clientName,
    platform: row.platform,
    audio_output_device: row.audioOutputDevice,
    languages: Object.keys(voices),
    voices,
    skipped_languages: [...row.skippedLanguages].sort((a, b) => rank(a) - rank(b)),
    client_version: row.clientVersion,
    last_seen: row.lastSeen.toISOString(),
  };
}
