// A packaged agent (the script bundle or a single executable) started against the fake server
// until it says hello: what the release tests need to know that an unzipped build really connects.
import { spawn } from 'node:child_process';
import type { TAgentInfo } from '@message-station/shared';
import { startFakeServer, TEST_API_KEY } from './fake-server.js';

/** The flags that sign `riverside` in to `serverUrl` with silent output and no browser. */
function agentFlags(serverUrl: string) {
  return [
    ...['--server', serverUrl, '--station', 'riverside'],
    ...['--status-port', '0', '--audio-output', 'null', '--no-open'],
  ];
}

/**
 * Runs `program` with `args` plus the sign-in flags (the key in MESSAGE_STATION_API_KEY on top
 * of `env`) until its hello arrives, then stops it with SIGTERM. Returns the hello's machine info
 * and the Authorization header it connected with.
 */
export async function firstHello(input: {
  program: string;
  args?: string[];
  cwd?: string;
  env: NodeJS.ProcessEnv;
}): Promise<{ info: TAgentInfo; authorization: string | undefined }> {
  const server = await startFakeServer();
  const child = spawn(input.program, [...(input.args ?? []), ...agentFlags(server.url)], {
    cwd: input.cwd,
    env: { ...input.env, MESSAGE_STATION_API_KEY: TEST_API_KEY },
    stdio: 'ignore',
  });
  try {
    const hello = await server.hello();
    return { info: hello.info, authorization: server.connections[0]?.headers.authorization };
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await server.close();
  }
}
