// Where the agent keeps its settings (settings.json) and what they hold. The API key is never
// here: it lives in the credential store (credentials.ts).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { TSystem } from './system.js';

export const DEFAULT_SERVER_URL = 'http://localhost:3000';
export const DEFAULT_STATUS_PORT = 47800;
export const AUDIO_OUTPUTS = ['default', 'null'] as const;
export type TAudioOutputChoice = (typeof AUDIO_OUTPUTS)[number];

const ZSettings = z.object({
  client_id: z.string().min(8).max(64),
  server_url: z.string().default(DEFAULT_SERVER_URL),
  station_id: z.string().nullable().default(null),
  client_name: z.string().nullable().default(null),
  export_dir: z.string().nullable().default(null),
  status_port: z.number().int().min(0).max(65535).default(DEFAULT_STATUS_PORT),
  audio_output: z.enum(AUDIO_OUTPUTS).default('default'),
  /** Voice per language. Edit to prefer another installed voice; a voice that is gone is replaced. */
  voices: z.record(z.string(), z.string()).default({}),
});
export type TSettings = z.infer<typeof ZSettings>;

/** The settings folder for this user and platform; MESSAGE_STATION_HOME overrides it. */
export function settingsDir(system: Pick<TSystem, 'platform' | 'env' | 'homedir'>): string {
  const { env, homedir, platform } = system;
  if (env.MESSAGE_STATION_HOME) return env.MESSAGE_STATION_HOME;
  if (platform === 'darwin') return path.join(homedir, 'Library', 'Application Support', 'Message Station');
  if (platform === 'win32') {
    return path.win32.join(env.APPDATA ?? path.win32.join(homedir, 'AppData', 'Roaming'), 'Message Station');
  }
  return path.join(env.XDG_CONFIG_HOME || path.join(homedir, '.config'), 'message-station');
}

export function defaultExportDir(homedir: string): string {
  return path.join(homedir, 'Message Station Exports');
}

/** Reads settings.json, creating it (with a new client_id) when missing or unreadable. */
export async function loadSettings(dir: string): Promise<TSettings> {
  const file = path.join(dir, 'settings.json');
  let raw: unknown = {};
  try {
    raw = JSON.parse(await fs.readFile(file, 'utf8'));
  } catch {
    raw = {};
  }
  const base: Record<string, unknown> = typeof raw === 'object' && raw !== null ? { ...raw } : {};
  const parsed = ZSettings.safeParse({ client_id: randomUUID(), ...base });
  if (parsed.success && 'client_id' in base) return parsed.data;
  // A damaged file keeps the machine's identity when it can, so the Machines page sees one machine.
  const keptId = ZSettings.shape.client_id.safeParse(base.client_id);
  const settings = parsed.success
    ? parsed.data
    : ZSettings.parse({ client_id: keptId.success ? keptId.data : randomUUID() });
  await saveSettings(dir, settings);
  return settings;
}

export async function saveSettings(dir: string, settings: TSettings): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, 'settings.json');
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temporary, `${JSON.stringify(settings, null, 2)}\n`, { mode: 0o600 });
  await fs.rename(temporary, file);
}

/** Normalises what a person typed as the server address: scheme added, trailing slashes removed. */
export function normaliseServerUrl(value: string): string {
  const trimmed = value.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  const url = new URL(withScheme);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error('The server address must start with http:// or https://');
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** The WebSocket address of the agent endpoint under a server address. */
export function agentSocketUrl(serverUrl: string, wsPath: string): string {
  const url = new URL(normaliseServerUrl(serverUrl));
  const scheme = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${url.host}${url.pathname.replace(/\/+$/, '')}${wsPath}`;
}

/** Station IDs are lowercase letters, digits and hyphens. */
export function normaliseStationId(value: string): string {
  const id = value.trim().toLowerCase();
  if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(id)) {
    throw new Error('Enter the Station ID: lowercase letters and digits, as shown in the admin area.');
  }
  return id;
}

/** API keys are 'ms-' and 64 hexadecimal characters (spec: created on the admin Users page). */
export function normaliseApiKey(value: string): string {
  const key = value.trim();
  if (!/^ms-[0-9a-f]{64}$/i.test(key)) {
    throw new Error(
      'That API key does not look right: it starts with ms- followed by 64 letters and digits. Copy it again from the Users page.',
    );
  }
  return key;
}
