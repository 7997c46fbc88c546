// Starts a real agent (real speech engine, silent output) in a temporary settings folder
// against a fake server, and waits for the states a test expects.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Agent } from '../agent.js';
import { fileStore } from '../credentials.js';
import { launchAgent, type TLaunchOptions } from '../launch.js';
import type { TAgentStatus } from '../status.js';
import { realSystem } from '../system.js';
import { TEST_API_KEY } from './fake-server.js';

export async function startTestAgent(
  serverUrl: string,
  options: Partial<Pick<TLaunchOptions, 'engine' | 'backoff' | 'overrides' | 'findPlayer'>> & {
    apiKey?: string | null;
  } = {},
) {
  const home = await fs.mkdtemp(path.join(os.tmpdir(), 'message-station-agent-test-'));
  // The home and config folders point into the temporary folder too, so a start-at-login entry
  // never lands in the developer's real autostart folder.
  const system = {
    ...realSystem(),
    homedir: home,
    env: {
      ...process.env,
      MESSAGE_STATION_HOME: home,
      XDG_CONFIG_HOME: path.join(home, 'config'),
      APPDATA: path.join(home, 'AppData'),
    },
  };
  const launched = await launchAgent({
    system,
    settingsDir: home,
    overrides: {
      server_url: serverUrl,
      station_id: 'riverside',
      client_name: 'Front Desk',
      status_port: 0,
      audio_output: 'null',
      export_dir: path.join(home, 'exports'),
      ...options.overrides,
    },
    apiKey: options.apiKey === null ? undefined : (options.apiKey ?? TEST_API_KEY),
    // Never the developer's real keyring: the private file only.
    stores: [fileStore(system, home)],
    backoff: options.backoff ?? (() => 20),
    refreshMs: 0,
    print: () => {},
    engine: options.engine,
    findPlayer: options.findPlayer,
  });
  return {
    ...launched,
    home,
    async cleanup() {
      await launched.close();
      await fs.rm(home, { recursive: true, force: true });
    },
  };
}

/** Resolves once the agent's status satisfies `match`; fails after 20 s. */
export function waitForStatus(agent: Agent, match: (status: TAgentStatus) => boolean, what: string) {
  return new Promise<TAgentStatus>((resolve, reject) => {
    const check = () => {
      const status = agent.status();
      if (!match(status)) return false;
      stop();
      clearTimeout(guard);
      resolve(status);
      return true;
    };
    const stop = agent.onChange(() => void check());
    const guard = setTimeout(() => {
      stop();
      reject(
        new Error(`The agent never reached: ${what} (now ${JSON.stringify(agent.status().state_text)})`),
      );
    }, 20_000);
    check();
  });
}
