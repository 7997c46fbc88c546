// Starts a whole agent: settings and credentials from the settings folder, the speech engine,
// the status page and the connection. The CLI calls this; tests call it with a temporary
// settings folder, the silent output and a fake server.
import { Agent, type TAudioPlayerFinder } from './agent.js';
import { createCredentialVault, credentialStores, type TCredentialStore } from './credentials.js';
import { loadSettings, type TSettings } from './settings.js';
import type { TSpeechEngine } from './speech/engine.js';
import { createSpeechEngine } from './speech/index.js';
import type { TStartCommand } from './start-at-login.js';
import { startStatusServer, type TStatusServer } from './status-page/server.js';
import type { TSystem } from './system.js';

export type TLaunchOptions = {
  system: TSystem;
  settingsDir: string;
  /** Applied to the saved settings (and saved) before starting: the CLI's flags. */
  overrides?: Partial<Omit<TSettings, 'client_id'>>;
  /** Stored before connecting (the --api-key flag or MESSAGE_STATION_API_KEY). */
  apiKey?: string;
  engine?: TSpeechEngine;
  stores?: TCredentialStore[];
  backoff?: (attempt: number) => number;
  print?: (line: string) => void;
  refreshMs?: number;
  timeZone?: string;
  findPlayer?: TAudioPlayerFinder;
  startCommand?: TStartCommand;
};

export type TLaunchedAgent = { agent: Agent; statusPage: TStatusServer; close(): Promise<void> };

export async function launchAgent(options: TLaunchOptions): Promise<TLaunchedAgent> {
  const { system, settingsDir } = options;
  const settings = await loadSettings(settingsDir);
  Object.assign(settings, definedOnly(options.overrides ?? {}));
  const vault = createCredentialVault(options.stores ?? (await credentialStores(system, settingsDir)));
  const agent = await Agent.create({
    system,
    settingsDir,
    settings,
    vault,
    engine: options.engine ?? (await createSpeechEngine(system)),
    backoff: options.backoff,
    print: options.print,
    refreshMs: options.refreshMs,
    timeZone: options.timeZone,
    findPlayer: options.findPlayer,
    startCommand: options.startCommand,
  });
  if (options.apiKey) {
    // Same checks and storage as the sign-in form; also saves the settings.
    await agent.signIn({
      server_url: settings.server_url,
      station_id: settings.station_id ?? '',
      api_key: options.apiKey,
    });
  } else {
    await agent.saveSettings();
  }
  const statusPage = await startStatusServer(agent, settings.status_port);
  agent.start();
  return {
    agent,
    statusPage,
    async close() {
      await agent.close();
      await statusPage.close();
    },
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
