// The production files agree with the code they run (no container engine runs here, so the image is
// never built in CI; docs/deploy.md): compose's node services start valid roles, Caddy balances
// exactly the api services, a node with compose's environment and the documented secrets starts,
// and the Dockerfile builds with the scripts CI runs and starts the server CI tests.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ConfigError, envFromArgs, loadConfig } from './config.js';
import { repoRoot } from './paths.js';

const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

type TService = {
  command?: string[];
  image?: string;
  environment?: Record<string, string>;
  env_file?: string;
  volumes?: string[];
};
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, TService> };
const services = compose.services;
const nodeServices = Object.entries(services).filter(([, s]) => s.image === 'message-station:latest');
const roleOf = (service: TService) => envFromArgs(service.command ?? []).ROLE ?? 'all';

/** What compose puts in a node's environment, with the variables compose itself reads filled in. */
function composeEnv(service: TService): Record<string, string> {
  return Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([key, value]) => [
      key,
      String(value).replace(/\$\{(\w+):\?[^}]*\}/g, (_, name: string) =>
        name === 'POSTGRES_PASSWORD' ? 'pg-secret' : `<${name}>`,
      ),
    ]),
  );
}

/** The secrets docs/deploy.md says a production node needs, as an operator would set them. */
const DOCUMENTED_SECRETS = {
  SESSION_SECRET: 'x'.repeat(40),
  STATION_KEYS_SECRET: 'y'.repeat(40),
  PUBLIC_URL: 'https://alerts.example.org',
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000007',
  TWILIO_AUTH_TOKEN: 'token',
  TWILIO_FROM_NUMBER: '+15005550006',
  SMTP_URL: 'smtp://mail.example.org:587',
  EMAIL_FROM: 'Alerts <alerts@example.org>',
};

describe('deployment files', () => {
  it('runs two api nodes and a worker from one image, and Caddy balances exactly the api nodes', () => {
    expect(nodeServices.map(([name, s]) => [name, roleOf(s)])).toEqual([
      ['api-1', 'api'],
      ['api-2', 'api'],
      ['worker', 'worker'],
    ]);
    const caddyfile = read('deploy/Caddyfile');
    const upstreams = /reverse_proxy ([^{]+)\{/.exec(caddyfile)?.[1]?.trim().split(/\s+/) ?? [];
    const apiServices = nodeServices.filter(([, s]) => roleOf(s) === 'api').map(([name]) => `${name}:3000`);
    expect(upstreams.sort()).toEqual(apiServices.sort());
    expect(caddyfile).toContain('health_uri /readyz');
    expect(caddyfile).toContain('flush_interval -1');
    expect(services.caddy?.volumes ?? []).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
  });

  it("starts a node with compose's environment and the documented secrets, and names them when missing", () => {
    for (const [, service] of nodeServices) {
      const env = { ...composeEnv(service), ...DOCUMENTED_SECRETS };
      const config = loadConfig(envFromArgs(service.command ?? [], env));
      expect(config.env).toBe('production');
      expect(config.databaseUrl).toBe('postgres://message_station:pg-secret@postgres:5432/message_station');
      expect(config.trustProxy).toBe(true);
      expect(config.role).toBe(roleOf(service));
    }
    const docs = read('docs/deploy.md');
    for (const name of Object.keys(DOCUMENTED_SECRETS)) expect(docs).toContain(`\`${name}\``);
    const [, api] = nodeServices[0] as [string, TService];
    try {
      loadConfig(envFromArgs(api.command ?? [], composeEnv(api)));
      expect.unreachable('a production node without its secrets must not start');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      for (const name of ['SESSION_SECRET', 'STATION_KEYS_SECRET', 'PUBLIC_URL', 'SMTP_URL']) {
        expect((error as Error).message).toContain(name);
      }
    }
  });

  it('builds the image with the scripts CI runs and starts the server CI tests, not as root', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toContain('RUN node scripts/ensure-deps.mjs');
    expect(dockerfile).toContain('RUN npm run build');
    const entrypoint = /ENTRYPOINT (\[.*\])/.exec(dockerfile)?.[1] as string;
    const command = JSON.parse(entrypoint) as string[];
    expect(command.slice(-2)).toEqual(['node', 'apps/server/dist/main.js']);
    expect(JSON.parse(/CMD (\[.*\])/.exec(dockerfile)?.[1] as string)).toEqual(['--role', 'all']);
    expect(fs.existsSync(path.join(repoRoot, 'apps/server/dist/main.js'))).toBe(true);
    expect(dockerfile).toMatch(/\nUSER node\n/);
    // The runtime has the tools the server calls by default.
    for (const tool of ['espeak-ng', 'lame', 'postgresql-client', 'apertium-eng-spa', 'tini']) {
      expect(dockerfile).toContain(tool);
    }
  });

  it("runs the server on jemalloc with glibc's arena limit, as `npm start` does (decision 0063)", async () => {
    const dockerfile = read('Dockerfile');
    const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'));
    // The library is installed, and the environment names it so that the loader finds it on any
    // architecture's library path.
    expect(runtime).toMatch(/apt-get install[^\n]*\blibjemalloc2\b/);
    const env = Object.fromEntries(
      [...runtime.matchAll(/^ENV (.+)$/gm)].flatMap((line) =>
        (line[1] as string).split(/\s+/).map((pair) => pair.split('=') as [string, string]),
      ),
    );
    const serverEnv = (await import(path.join(repoRoot, 'scripts/server-env.mjs'))) as {
      JEMALLOC: string;
      MALLOC_ENV: Record<string, string>;
      serverMemoryEnv(
        env: Record<string, string | undefined>,
        jemalloc?: string | null,
      ): Record<string, string>;
    };
    expect(env.LD_PRELOAD).toBe(serverEnv.JEMALLOC);
    for (const [name, value] of Object.entries(serverEnv.MALLOC_ENV)) expect(env[name]).toBe(value);
    // What `npm start` adds: jemalloc when found, the allocators' settings always; the operator's choice is kept.
    const found = '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2';
    expect(serverEnv.serverMemoryEnv({}, found)).toEqual({
      LD_PRELOAD: found,
      ...serverEnv.MALLOC_ENV,
    });
    expect(serverEnv.serverMemoryEnv({}, null)).toEqual(serverEnv.MALLOC_ENV);
    expect(
      serverEnv.serverMemoryEnv({ LD_PRELOAD: '', MALLOC_ARENA_MAX: '4', MALLOC_CONF: 'narenas:2' }, found),
    ).toEqual({});
  });
});
