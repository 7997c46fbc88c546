// The connected-machines list as its stream changes it: `connected`
// gives the full list, client_connected adds, client_disconnected removes by id, client_updated
// merges the changed fields.
import type { TConnectedClient } from '@message-station/shared';

export const CLIENT_EVENTS = [
  'connected',
  'client_connected',
  'client_disconnected',
  'client_updated',
] as const;

export type TClientEventType = (typeof CLIENT_EVENTS)[number];

type TClientChanges = Partial<TConnectedClient> & { client_id: string };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function hasClientId(value: unknown): value is TClientChanges {
  return isObject(value) && typeof value.client_id === 'string';
}

/** The list after one event; `data` is the event's parsed JSON. Malformed events change nothing. */
export function applyClientEvent(
  list: TConnectedClient[] | undefined,
  type: TClientEventType,
  data: unknown,
): TConnectedClient[] | undefined {
  if (type === 'connected') {
    if (!isObject(data) || !Array.isArray(data.clients)) return list;
    return (data.clients as unknown[]).filter(hasClientId) as TConnectedClient[];
  }
  // Until the first full list arrives there is nothing to change.
  if (!list || !hasClientId(data)) return list;
  switch (type) {
    case 'client_connected':
      // Added if absent; a machine that reconnected replaces its older entry.
      return list.some((client) => client.client_id === data.client_id)
        ? list.map((client) => (client.client_id === data.client_id ? (data as TConnectedClient) : client))
        : [...list, data as TConnectedClient];
    case 'client_disconnected':
      return list.filter((client) => client.client_id !== data.client_id);
    case 'client_updated':
      return list.map((client) => (client.client_id === data.client_id ? { ...client, ...data } : client));
  }
}

/** 'EN: en-us, ES: es-419' in the machine's order; empty when no voice is set up. */
export function voicePairs(voices: Record<string, string> | null | undefined): string {
  return Object.entries(voices ?? {})
    .filter(([, voice]) => Boolean(voice))
    .map(([language, voice]) => `${language.toUpperCase()}: ${voice}`)
    .join(', ');
}

/**
 * The languages a machine reports skipping that matter to the station: those it uses when they
 * are known (`stationLanguages`), else every one the machine reports.
 */
export function skippedHere(
  skipped: readonly string[] | undefined,
  stationLanguages: readonly string[] | null,
): string[] {
  const codes = skipped ?? [];
  return stationLanguages ? codes.filter((code) => stationLanguages.includes(code)) : [...codes];
}
