// What the status page and the terminal show about the agent: the shape of /status.json and
// the one-line summary printed on every change.
import type { TConnectionState } from './connection.js';

export type TAgentAction = { at: string; text: string };

export type TAgentState = 'connected' | 'connecting' | 'signed_out' | 'error';

/** GET /status.json on the status page. */
export type TAgentStatus = {
  version: string;
  state: TAgentState;
  /** 'Connected', 'Connecting…', 'Signed out', or the server's error text. */
  state_text: string;
  /** Why it is still connecting (e.g. the server cannot be reached), when known. */
  detail: string | null;
  server_url: string;
  station: { id: string | null; display_name: string | null };
  user: { full_name: string; email: string } | null;
  client_id: string;
  client_name: string;
  platform: string;
  audio_output_device: string;
  speech_engine: string;
  voices: Record<string, string>;
  missing_voices: Record<string, string>;
  export_dir: string;
  credential_store: string | null;
  playing: { message_id: string; title: string } | null;
  actions: TAgentAction[];
  warnings: string[];
  /** Whether an entry starts the agent when this user logs in, and where it is. */
  start_at_login: { enabled: boolean; file: string };
};

/** The connection as a person reads it: 'Connected', 'Connecting…', 'Signed out' or the server's error. */
export function describeState(state: TConnectionState | { kind: 'signed_out' }): {
  kind: TAgentState;
  text: string;
} {
  switch (state.kind) {
    case 'connected':
      return { kind: 'connected', text: 'Connected' };
    case 'connecting':
      return { kind: 'connecting', text: 'Connecting…' };
    case 'rejected':
      return { kind: 'error', text: state.error };
    default:
      return { kind: 'signed_out', text: 'Signed out' };
  }
}

/** The terminal's one-line status. */
export function statusLine(status: TAgentStatus): string {
  const station = status.station.display_name
    ? `${status.station.display_name} (${status.station.id})`
    : (status.station.id ?? 'no station');
  const voices = Object.keys(status.voices).join(' ') || 'none';
  const parts = [status.state_text, `server ${status.server_url}`, `station ${station}`];
  if (status.user) parts.push(`user ${status.user.full_name || status.user.email}`);
  parts.push(`audio ${status.audio_output_device}`, `voices ${voices}`);
  if (status.detail) parts.push(status.detail);
  if (status.playing) parts.push(`playing "${status.playing.title}"`);
  return parts.join(' · ');
}

export function clock(at: Date): string {
  return at.toTimeString().slice(0, 8);
}
