// Settings folder per platform, settings.json, the command-line flags, and the platform line.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from './args.js';
import { describePlatform } from './platform-name.js';
import { agentSocketUrl, loadSettings, normaliseServerUrl, saveSettings, settingsDir } from './settings.js';
import type { TSystem } from './system.js';
import { TEST_API_KEY } from './test/fake-server.js';

describe('settings folder', () => {
  it('follows each platform, and MESSAGE_STATION_HOME wins', () => {
    expect(settingsDir({ platform: 'darwin', env: {}, homedir: '/Users/ana' })).toBe(
      '/Users/ana/Library/Application Support/Message Station',
    );
    expect(
      settingsDir({
        platform: 'win32',
        env: { APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' },
        homedir: 'C:\\Users\\ana',
      }),
    ).toBe('C:\\Users\\ana\\AppData\\Roaming\\Message Station');
    expect(settingsDir({ platform: 'linux', env: {}, homedir: '/home/ana' })).toBe(
      '/home/ana/.config/message-station',
    );
    expect(settingsDir({ platform: 'linux', env: { XDG_CONFIG_HOME: '/cfg' }, homedir: '/home/ana' })).toBe(
      '/cfg/message-station',
    );
    expect(
      settingsDir({ platform: 'darwin', env: { MESSAGE_STATION_HOME: '/tmp/ms' }, homedir: '/Users/ana' }),
    ).toBe('/tmp/ms');
  });

  it('keeps one client_id across restarts and survives a damaged file', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'message-station-settings-'));
    const first = await loadSettings(dir);
    expect(first.client_id).toMatch(/^[0-9a-f-]{36}$/);
    first.station_id = 'riverside';
    await saveSettings(dir, first);
    expect(await loadSettings(dir)).toEqual(first);

    await fs.writeFile(
      path.join(dir, 'settings.json'),
      JSON.stringify({ client_id: first.client_id, status_port: 'lots' }),
    );
    const repaired = await loadSettings(dir);
    expect(repaired.client_id).toBe(first.client_id);
    expect(repaired.status_port).toBe(47800);
    await fs.rm(dir, { recursive: true, force: true });
  });
});

describe('addresses', () => {
  it('turns the server address into the agent socket address', () => {
    expect(agentSocketUrl('http://localhost:3000', '/agent/v1/ws')).toBe('ws://localhost:3000/agent/v1/ws');
    expect(agentSocketUrl('https://alerts.example.org/', '/agent/v1/ws')).toBe(
      'wss://alerts.example.org/agent/v1/ws',
    );
    expect(agentSocketUrl('https://example.org/ms', '/agent/v1/ws')).toBe('wss://example.org/ms/agent/v1/ws');
    expect(normaliseServerUrl('alerts.example.org')).toBe('http://alerts.example.org');
    expect(() => normaliseServerUrl('ftp://example.org')).toThrow(/http:\/\/ or https:\/\//);
  });
});

describe('command line', () => {
  it('reads every flag into the settings to save', () => {
    const args = parseCliArgs([
      '--server',
      'https://alerts.example.org/',
      '--station',
      'Riverside',
      '--name',
      'Studio B',
      '--export-dir',
      '/srv/exports',
      '--status-port',
      '0',
      '--audio-output',
      'null',
      '--no-open',
    ]);
    expect(args.overrides).toEqual({
      server_url: 'https://alerts.example.org',
      station_id: 'riverside',
      client_name: 'Studio B',
      export_dir: path.resolve('/srv/exports'),
      status_port: 0,
      audio_output: 'null',
    });
    expect(args.noOpen).toBe(true);
    expect(args.apiKey).toBeUndefined();
  });

  it('takes the key from the flag or MESSAGE_STATION_API_KEY and checks it', () => {
    expect(parseCliArgs([], { MESSAGE_STATION_API_KEY: TEST_API_KEY }).apiKey).toBe(TEST_API_KEY);
    expect(parseCliArgs(['--api-key', ` ${TEST_API_KEY} `]).apiKey).toBe(TEST_API_KEY);
    expect(() => parseCliArgs(['--api-key', 'secret'])).toThrow(/does not look right/);
  });

  it('refuses unknown flags and bad values with a readable message', () => {
    expect(() => parseCliArgs(['--volume', '11'])).toThrow(/--volume/);
    expect(() => parseCliArgs(['--audio-output', 'hdmi'])).toThrow(
      "--audio-output must be 'default' or 'null'.",
    );
    expect(() => parseCliArgs(['--status-port', '70000'])).toThrow(/--status-port/);
    expect(() => parseCliArgs(['--station', 'no spaces'])).toThrow(/Station ID/);
  });
});

describe('platform line', () => {
  const system = (platform: NodeJS.Platform, release: string, stdout = ''): TSystem => ({
    platform,
    arch: platform === 'darwin' ? 'arm64' : 'x64',
    release,
    hostname: 'h',
    homedir: '/',
    env: {},
    which: async () => null,
    run: async () => ({ code: stdout ? 0 : 1, stdout, stderr: '' }),
  });

  it('names the OS the way the Machines page shows it', async () => {
    expect(await describePlatform(system('darwin', '23.5.0', '14.5\n'))).toBe('macOS 14.5 (arm64)');
    expect(await describePlatform(system('linux', '6.1.0-18-amd64'))).toBe('Linux 6.1 (x64)');
    expect(await describePlatform(system('win32', '10.0.22631'))).toBe('Windows 10.0.22631 (x64)');
  });
});
