// The local status page: the HTML, /status.json following the agent's state, the sign-in form
// saving and reconnecting, sign-out, and posts from anywhere but the page itself refused.
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { skipWithout } from '../../../test-support/binaries.js';
import type { TAgentStatus } from './status.js';
import { startTestAgent, waitForStatus } from './test/agent-harness.js';
import { FAKE_WELCOME, startFakeServer, TEST_API_KEY, type TFakeServer } from './test/fake-server.js';

let server: TFakeServer;
const cleanups: (() => Promise<void>)[] = [];

beforeEach(async () => {
  server = await startFakeServer();
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  await server.close();
});

async function agentFor(options: Parameters<typeof startTestAgent>[1] = {}) {
  const started = await startTestAgent(server.url, options);
  cleanups.push(started.cleanup);
  return started;
}

type TReply = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A raw HTTP request, so tests choose every header (Host, Origin) a browser would send. */
function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<TReply> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const json = (reply: TReply) => JSON.parse(reply.body) as Record<string, unknown>;

describe('status page', () => {
  // The page lists the voices the real espeak-ng has.
  const noSpeech = skipWithout('espeak-ng');

  it.skipIf(noSpeech)('serves a self-contained page and status.json that follow the connection', async () => {
    const { agent, statusPage } = await agentFor();
    await waitForStatus(agent, (status) => status.state === 'connected', 'connected');

    const page = await request(statusPage.url);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<title>Message Station</title>');
    expect(page.body).toContain('Riverside Radio');
    expect(page.body).not.toMatch(/<(script|link)[^>]+(src|href)="https?:/); // no external assets
    expect(page.body).not.toContain(TEST_API_KEY);

    const reply = await request(`${statusPage.url}status.json`);
    const status = json(reply) as TAgentStatus;
    expect(status).toMatchObject({
      state: 'connected',
      state_text: 'Connected',
      server_url: server.url,
      station: { id: 'riverside', display_name: FAKE_WELCOME.station.display_name },
      user: FAKE_WELCOME.user,
      client_name: 'Front Desk',
      audio_output_device: 'None (silent)',
      voices: expect.objectContaining({ en: 'en-us', es: 'es-419' }),
      credential_store: 'credentials.json (readable only by you)',
    });
    expect(reply.body).not.toContain(TEST_API_KEY);

    await server.close();
    server = await startFakeServer(); // afterEach closes this one
    const lost = await waitForStatus(
      agent,
      (s) => s.state === 'connecting',
      'connecting after the server went away',
    );
    expect(lost.state_text).toBe('Connecting…');
    const again = json(await request(`${statusPage.url}status.json`));
    expect(again.state).toBe('connecting');
  });

  it('signs in from the form, saves the settings and the key, and connects', async () => {
    const { agent, statusPage, home } = await agentFor({ apiKey: null, overrides: { station_id: null } });
    expect(agent.status().state).toBe('signed_out');
    expect(json(await request(`${statusPage.url}status.json`)).state_text).toBe('Signed out');

    const origin = statusPage.url.replace(/\/$/, '');
    const reply = await request(`${statusPage.url}sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', origin },
      body: JSON.stringify({ server_url: server.url, station_id: 'Riverside', api_key: TEST_API_KEY }),
    });
    expect(reply.status).toBe(200);
    await server.hello();
    expect(server.connections[0]?.headers.authorization).toBe(`Bearer ${TEST_API_KEY}`);
    await waitForStatus(agent, (status) => status.state === 'connected', 'connected');

    const settings = JSON.parse(await fs.readFile(path.join(home, 'settings.json'), 'utf8'));
    expect(settings).toMatchObject({ server_url: server.url, station_id: 'riverside' });
    expect(JSON.stringify(settings)).not.toContain(TEST_API_KEY);
    const credentials = JSON.parse(await fs.readFile(path.join(home, 'credentials.json'), 'utf8'));
    expect(credentials).toEqual({ station_id: 'riverside', api_key: TEST_API_KEY });
  });

  it('answers a readable error for a key that is not an API key', async () => {
    const { statusPage } = await agentFor({ apiKey: null });
    const reply = await request(`${statusPage.url}sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: statusPage.url.replace(/\/$/, '') },
      body: JSON.stringify({ station_id: 'riverside', api_key: 'hunter2' }),
    });
    expect(reply.status).toBe(400);
    expect(json(reply).error).toMatch(/^That API key does not look right/);
  });

  it('accepts the plain HTML form from the page and redirects back to it', async () => {
    const { agent, statusPage } = await agentFor({ apiKey: null });
    const reply = await request(`${statusPage.url}sign-in`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        referer: statusPage.url,
        host: `localhost:${statusPage.port}`,
      },
      body: new URLSearchParams({
        server_url: server.url,
        station_id: 'riverside',
        api_key: TEST_API_KEY,
      }).toString(),
    });
    expect(reply.status).toBe(303);
    expect(reply.headers.location).toBe('/');
    await waitForStatus(agent, (status) => status.state === 'connected', 'connected');
  });

  it('signs out: disconnects and forgets the key', async () => {
    const { agent, statusPage, home } = await agentFor();
    await waitForStatus(agent, (status) => status.state === 'connected', 'connected');
    const reply = await request(`${statusPage.url}sign-out`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: statusPage.url.replace(/\/$/, '') },
      body: '{}',
    });
    expect(reply.status).toBe(200);
    expect((json(reply).status as TAgentStatus).state).toBe('signed_out');
    await expect(fs.stat(path.join(home, 'credentials.json'))).rejects.toThrow();
  });

  it('turns start at login on and off from the switch, and shows it in status.json', async () => {
    const { agent, statusPage, home } = await agentFor({ apiKey: null });
    // The harness points home, XDG_CONFIG_HOME and APPDATA into its temporary folder.
    const file = agent.status().start_at_login.file;
    expect(file.startsWith(home + path.sep)).toBe(true);
    expect(agent.status().start_at_login.enabled).toBe(false);
    const page = await request(statusPage.url);
    expect(page.body).toContain('Start Message Station when I log in to this computer');

    const origin = statusPage.url.replace(/\/$/, '');
    const post = (body: string, headers: Record<string, string> = {}) =>
      request(`${statusPage.url}start-at-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', origin, ...headers },
        body,
      });
    const on = await post(JSON.stringify({ enabled: true }));
    expect(on.status).toBe(200);
    expect((json(on).status as TAgentStatus).start_at_login).toEqual({ enabled: true, file });
    const entry = await fs.readFile(file, 'utf8');
    expect(entry).toContain('--no-open');
    expect(json(await request(`${statusPage.url}status.json`)).start_at_login).toEqual({
      enabled: true,
      file,
    });

    const bad = await post(JSON.stringify({ enabled: 'maybe' }));
    expect(bad.status).toBe(400);
    expect(json(bad).error).toBe('Send enabled: true or false.');

    // Another website cannot switch it.
    const foreign: Record<string, string>[] = [
      { origin: 'http://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of foreign) {
      const refused = await post(JSON.stringify({ enabled: false }), headers);
      expect(refused.status).toBe(403);
      expect(json(refused).error).toBe(
        'Refused: this request did not come from the Message Station status page.',
      );
    }
    expect((await fs.stat(file)).isFile()).toBe(true);

    const off = await post(JSON.stringify({ enabled: false }));
    expect(off.status).toBe(200);
    expect((json(off).status as TAgentStatus).start_at_login.enabled).toBe(false);
    await expect(fs.stat(file)).rejects.toThrow();
    expect(agent.status().actions.map((action) => action.text)).toEqual(
      expect.arrayContaining([
        `Starts at login from now on (${file})`,
        `No longer starts at login (removed ${file})`,
      ]),
    );
  });

  it('refuses posts from another origin, without an origin, and requests for another host', async () => {
    const { agent, statusPage, home } = await agentFor({ apiKey: null });
    const body = JSON.stringify({
      server_url: 'http://evil.example',
      station_id: 'riverside',
      api_key: TEST_API_KEY,
    });
    const attempts: Record<string, string>[] = [
      { 'content-type': 'application/json', origin: 'http://evil.example' },
      { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' },
      { 'content-type': 'application/json' },
      { 'content-type': 'application/json', referer: 'http://evil.example/page' },
      {
        'content-type': 'application/json',
        origin: statusPage.url.replace(/\/$/, ''),
        'sec-fetch-site': 'cross-site',
      },
      { 'content-type': 'application/json', host: 'evil.example', origin: 'http://evil.example' },
    ];
    for (const headers of attempts) {
      const reply = await request(`${statusPage.url}sign-in`, { method: 'POST', headers, body });
      expect(reply.status, JSON.stringify(headers)).toBe(403);
      expect(json(reply).error).toBe(
        'Refused: this request did not come from the Message Station status page.',
      );
    }
    const rebound = await request(`${statusPage.url}status.json`, {
      headers: { host: `evil.example:${statusPage.port}` },
    });
    expect(rebound.status).toBe(403);
    expect(agent.status().state).toBe('signed_out');
    await expect(fs.stat(path.join(home, 'credentials.json'))).rejects.toThrow();
  });
});
