#!/usr/bin/env node
// message-station-agent: reads the flags, starts the agent and its status page, and stops
// cleanly on Ctrl+C.
import { AGENT_VERSION } from '@message-station/shared';
import { HELP, parseCliArgs, type TCliArgs } from './args.js';
import { createCredentialVault, credentialStores } from './credentials.js';
import { launchAgent } from './launch.js';
import { openInBrowser } from './open-browser.js';
import { loadSettings, settingsDir } from './settings.js';
import { setStartAtLogin } from './start-at-login.js';
import { realSystem } from './system.js';

async function signOut(dir: string, args: TCliArgs, system: ReturnType<typeof realSystem>): Promise<number> {
  const settings = await loadSettings(dir);
  const stationId = args.overrides.station_id ?? settings.station_id;
  if (!stationId) {
    console.log('This computer is not signed in to a station.');
    return 0;
  }
  await createCredentialVault(await credentialStores(system, dir)).remove(stationId);
  console.log(`Signed out of station ${stationId}: the API key was removed from this computer.`);
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 20) {
    console.error(`Message Station needs Node.js 20 or later; this is Node.js ${process.versions.node}.`);
    return 1;
  }
  let args: TCliArgs;
  try {
    args = parseCliArgs(argv, process.env);
  } catch (error) {
    console.error(`${(error as Error).message}\nRun message-station-agent --help for the options.`);
    return 2;
  }
  if (args.help) {
    console.log(HELP);
    return 0;
  }
  if (args.version) {
    console.log(AGENT_VERSION);
    return 0;
  }
  const system = realSystem();
  const dir = settingsDir(system);
  if (args.signOut) return signOut(dir, args, system);
  if (args.startAtLogin !== undefined) {
    try {
      const result = await setStartAtLogin(system, args.startAtLogin);
      console.log(
        result.enabled
          ? `Message Station will start when you log in: ${result.file}`
          : `Message Station will no longer start when you log in (${result.file} removed).`,
      );
      return 0;
    } catch (error) {
      console.error((error as Error).message);
      return 1;
    }
  }

  console.log(`Message Station agent ${AGENT_VERSION} · settings in ${dir}`);
  const launched = await launchAgent({
    system,
    settingsDir: dir,
    overrides: args.overrides,
    apiKey: args.apiKey,
    print: (line) => console.log(line),
  });
  const { agent, statusPage } = launched;
  console.log(`Status page: ${statusPage.url}`);
  if (!agent.signedIn) {
    console.log('Not signed in yet: enter the Station ID and API key on the status page.');
    if (!args.noOpen) openInBrowser(system.platform, statusPage.url);
  }

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping Message Station…');
    launched.close().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return new Promise<number>(() => {}); // runs until a signal stops it
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`Message Station could not start: ${(error as Error).message}`);
    process.exitCode = 1;
    // Let the message reach the terminal, then leave even if something still holds the process.
    setTimeout(() => process.exit(1), 200).unref();
  },
);
