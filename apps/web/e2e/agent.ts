// The desktop agent as stations get it: the Linux single executable from its release archive
// (built by `npm run build`), unzipped and run with no Node.js, in place of `node apps/agent/dist/cli.js`.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AGENT_EXECUTABLE_NAMES, AGENT_VERSION, releaseZipName } from '@message-station/shared';
import { unzipSync } from 'fflate';

const root = path.resolve(import.meta.dirname, '../../..');

/** Unzips a Linux release archive into `into` and returns its executable (mode 755, as in the zip). */
export function unpackLinuxExecutable(zipPath: string, into: string): string {
  const wanted = `Message Station-${AGENT_VERSION}/${AGENT_EXECUTABLE_NAMES['linux-x64']}`;
  const file = unzipSync(new Uint8Array(fs.readFileSync(zipPath)), {
    filter: (entry) => entry.name === wanted,
  })[wanted];
  if (!file) throw new Error(`${zipPath} has no ${wanted}`);
  const executable = path.join(into, path.basename(wanted));
  fs.writeFileSync(executable, file, { mode: 0o755 });
  return executable;
}

let released: string | null = null;
/** The built release's Linux executable, unpacked once per test worker. */
export function releasedLinuxExecutable(): string {
  if (released) return released;
  const zip = path.join(root, 'releases', AGENT_VERSION, releaseZipName(AGENT_VERSION, 'linux-x64'));
  released = unpackLinuxExecutable(zip, fs.mkdtempSync(path.join(os.tmpdir(), 'ms-e2e-executable-')));
  return released;
}

export type TAgentRun = { agent: ChildProcess; output: () => string };

/**
 * Starts `executable` signed in to `station` with `apiKey`, named `machine`, playing into no
 * device, exporting into `exportDir`; `env` goes on top of this process's (e.g. a PATH whose
 * espeak-ng lacks a voice).
 */
export function startAgent(options: {
  executable?: string;
  baseURL: string;
  station: string;
  apiKey: string;
  home: string;
  exportDir: string;
  machine: string;
  env?: Record<string, string>;
}): TAgentRun {
  const { baseURL, station, apiKey, home, exportDir, machine, env = {} } = options;
  const agent = spawn(
    options.executable ?? releasedLinuxExecutable(),
    [
      ...['--server', baseURL, '--station', station, '--name', machine, '--audio-output', 'null'],
      ...['--status-port', '0', '--no-open', '--export-dir', exportDir],
    ],
    { env: { ...process.env, MESSAGE_STATION_HOME: home, MESSAGE_STATION_API_KEY: apiKey, ...env } },
  );
  let output = '';
  agent.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  agent.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return { agent, output: () => output };
}
