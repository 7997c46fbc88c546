// The command line: flags, their checks, and the help text.
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  AUDIO_OUTPUTS,
  DEFAULT_SERVER_URL,
  DEFAULT_STATUS_PORT,
  normaliseApiKey,
  normaliseServerUrl,
  normaliseStationId,
  type TSettings,
} from './settings.js';

export const HELP = `Message Station desktop agent: speaks and exports your station's messages on this computer.

Usage: message-station-agent [options]

  --server URL           Message Station server address (default ${DEFAULT_SERVER_URL})
  --station ID           your Station ID
  --api-key KEY          an API key from the admin Users page (or set MESSAGE_STATION_API_KEY);
                         kept in this computer's credential store, not in the settings file
  --name NAME            this machine's name on the Machines page (default: the computer's name)
  --export-dir DIR       folder for exported audio files (default ~/Message Station Exports)
  --status-port N        port of the local status page (default ${DEFAULT_STATUS_PORT}; 0 = any free port)
  --audio-output OUTPUT  'default' (the computer's default output) or 'null' (silent)
  --no-open              do not open the status page in the browser on first start
  --sign-out             remove the stored API key from this computer and exit
  --start-at-login on|off
                         start this agent when you log in to this computer ('off': stop that),
                         then exit; the entry runs the agent with --no-open
  --help                 show this help
  --version              show the version

Flags given are saved and used next time. The status page (http://127.0.0.1:${DEFAULT_STATUS_PORT}/ by
default) shows the connection, voices and recent actions, and has a sign-in form.`;

export type TCliArgs = {
  help: boolean;
  version: boolean;
  signOut: boolean;
  noOpen: boolean;
  /** --start-at-login on|off: write or remove the login entry, then exit. */
  startAtLogin?: boolean;
  apiKey?: string;
  overrides: Partial<Omit<TSettings, 'client_id' | 'voices'>>;
};

/** Parses and checks the flags; throws an Error with a readable message. */
export function parseCliArgs(argv: string[], env: NodeJS.ProcessEnv = {}): TCliArgs {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      server: { type: 'string' },
      station: { type: 'string' },
      'api-key': { type: 'string' },
      name: { type: 'string' },
      'export-dir': { type: 'string' },
      'status-port': { type: 'string' },
      'audio-output': { type: 'string' },
      'no-open': { type: 'boolean', default: false },
      'sign-out': { type: 'boolean', default: false },
      'start-at-login': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
      version: { type: 'boolean', short: 'v', default: false },
    },
  });
  const overrides: TCliArgs['overrides'] = {};
  if (values.server !== undefined) overrides.server_url = normaliseServerUrl(values.server);
  if (values.station !== undefined) overrides.station_id = normaliseStationId(values.station);
  if (values.name !== undefined) {
    const name = values.name.trim();
    if (!name || name.length > 120) throw new Error('--name must be 1 to 120 characters.');
    overrides.client_name = name;
  }
  if (values['export-dir'] !== undefined) overrides.export_dir = path.resolve(values['export-dir']);
  if (values['status-port'] !== undefined) {
    const port = Number(values['status-port']);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      throw new Error('--status-port must be a port number from 0 to 65535.');
    }
    overrides.status_port = port;
  }
  if (values['audio-output'] !== undefined) {
    const output = values['audio-output'];
    if (!AUDIO_OUTPUTS.includes(output as (typeof AUDIO_OUTPUTS)[number])) {
      throw new Error("--audio-output must be 'default' or 'null'.");
    }
    overrides.audio_output = output as (typeof AUDIO_OUTPUTS)[number];
  }
  let startAtLogin: boolean | undefined;
  if (values['start-at-login'] !== undefined) {
    const choice = values['start-at-login'].trim().toLowerCase();
    if (choice !== 'on' && choice !== 'off') throw new Error("--start-at-login must be 'on' or 'off'.");
    startAtLogin = choice === 'on';
  }
  const rawKey = values['api-key'] ?? env.MESSAGE_STATION_API_KEY;
  return {
    help: values.help === true,
    version: values.version === true,
    signOut: values['sign-out'] === true,
    noOpen: values['no-open'] === true,
    startAtLogin,
    apiKey: rawKey?.trim() ? normaliseApiKey(rawKey) : undefined,
    overrides,
  };
}
