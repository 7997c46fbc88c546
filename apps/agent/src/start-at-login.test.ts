// Start at login: the contents for each platform (desktop entry keys and Exec quoting, the
// LaunchAgent plist, the Startup .cmd), the command the entry runs, and writing, reading and
// removing the file in a temporary home for Linux, macOS and Windows through the injected system.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCliArgs } from './args.js';
import {
  cmdArg,
  desktopEntry,
  desktopExecArg,
  launchAgentPlist,
  readStartAtLogin,
  setStartAtLogin,
  startAtLoginFile,
  startCommandFor,
  type TStartCommand,
  windowsStartupScript,
} from './start-at-login.js';

const SPACED: TStartCommand = {
  program: '/opt/node 20/bin/node',
  args: ['/home/ann lee/Message Station/message-station-agent.mjs', '--no-open'],
};

/** The keys of a Desktop Entry's [Desktop Entry] group. */
function desktopKeys(text: string): Record<string, string> {
  const lines = text.split('\n');
  expect(lines[0]).toBe('[Desktop Entry]');
  const keys: Record<string, string> = {};
  for (const line of lines.slice(1).filter(Boolean)) {
    const match = /^([A-Za-z0-9-]+)=(.*)$/.exec(line);
    expect(match, line).not.toBeNull();
    keys[match?.[1] ?? ''] = match?.[2] ?? '';
  }
  return keys;
}

/**
 * A tiny plist reader: the top <dict>'s keys with <string>, <true/>, <false/> and <array> of
 * strings; also checks that every element opened is closed and no raw & or < is in the text.
 */
function readPlist(text: string): Record<string, unknown> {
  expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  const xmlUnescape = (value: string) =>
    value
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  const body = /<dict>([\s\S]*)<\/dict>/.exec(text)?.[1] ?? '';
  expect(body.replace(/<[^>]+>/g, '')).not.toMatch(/[<&](?!amp;|lt;|gt;|quot;|apos;)/);
  const result: Record<string, unknown> = {};
  const token =
    /<key>([^<]*)<\/key>\s*(<string>([^<]*)<\/string>|<true\/>|<false\/>|<array>([\s\S]*?)<\/array>)/g;
  for (const match of body.matchAll(token)) {
    const [, key = '', whole, string, array] = match;
    if (string !== undefined) result[key] = xmlUnescape(string);
    else if (array !== undefined)
      result[key] = [...array.matchAll(/<string>([^<]*)<\/string>/g)].map((m) => xmlUnescape(m[1] ?? ''));
    else result[key] = whole === '<true/>';
  }
  return result;
}

describe('start-at-login contents', () => {
  it('writes a valid Desktop Entry whose Exec quotes paths with spaces', () => {
    const keys = desktopKeys(desktopEntry(SPACED));
    expect(keys).toMatchObject({
      Type: 'Application',
      Name: 'Message Station',
      'X-GNOME-Autostart-enabled': 'true',
      NoDisplay: 'false',
      Terminal: 'false',
      Exec: '"/opt/node 20/bin/node" "/home/ann lee/Message Station/message-station-agent.mjs" --no-open',
    });
    expect(keys.Comment).toMatch(/Message Station/);
  });

  it('escapes Exec arguments as the Desktop Entry spec says', () => {
    expect(desktopExecArg('/usr/bin/node')).toBe('/usr/bin/node');
    expect(desktopExecArg('/a b')).toBe('"/a b"');
    expect(desktopExecArg('/cost$5/x"y`z\\w')).toBe('"/cost\\$5/x\\"y\\`z\\\\w"');
    expect(desktopExecArg('/100%/agent')).toBe('/100%%/agent');
    // The file's value escaping doubles the backslashes once more.
    const keys = desktopKeys(desktopEntry({ program: '/opt/$HOME/node', args: ['--no-open'] }));
    expect(keys.Exec).toBe('"/opt/\\\\$HOME/node" --no-open');
  });

  it('writes a LaunchAgent plist: label, arguments, run at load, logs, XML-escaped', () => {
    const command: TStartCommand = {
      program: '/Users/ann/Apps & Tools/message-station-agent',
      args: ['--no-open'],
    };
    const plist = readPlist(
      launchAgentPlist(command, '/Users/ann/Library/Application Support/Message Station/logs'),
    );
    expect(plist).toEqual({
      Label: 'org.messagestation.agent',
      ProgramArguments: ['/Users/ann/Apps & Tools/message-station-agent', '--no-open'],
      RunAtLoad: true,
      KeepAlive: false,
      ProcessType: 'Interactive',
      StandardOutPath: '/Users/ann/Library/Application Support/Message Station/logs/agent.log',
      StandardErrorPath: '/Users/ann/Library/Application Support/Message Station/logs/agent-error.log',
    });
    expect(launchAgentPlist({ program: '/a<b>', args: [] }, '/l')).toContain('<string>/a&lt;b&gt;</string>');
  });

  it('writes a Windows Startup .cmd that quotes paths with spaces and starts minimised', () => {
    const script = windowsStartupScript({
      program: 'C:\\Program Files\\nodejs\\node.exe',
      args: ['C:\\Users\\Ann Lee\\Message Station (1)\\message-station-agent.mjs', '--no-open'],
    });
    expect(script.split('\r\n')).toEqual([
      '@echo off',
      expect.stringMatching(/^rem /),
      expect.stringMatching(/^rem /),
      'start "Message Station" /min "C:\\Program Files\\nodejs\\node.exe" "C:\\Users\\Ann Lee\\Message Station (1)\\message-station-agent.mjs" "--no-open"',
      '',
    ]);
    expect(cmdArg('C:\\100% sure\\a&b^c')).toBe('"C:\\100%% sure\\a&b^c"');
    expect(() => cmdArg('C:\\a"b')).toThrow(/cannot be written/);
    expect(windowsStartupScript({ program: 'C:\\Users\\José\\agent.exe', args: [] })).toContain(
      '\r\nchcp 65001 >nul\r\n',
    );
  });

  it('runs the way the agent was started, with --no-open', () => {
    expect(
      startCommandFor({
        execPath: '/usr/bin/node',
        script: '/opt/ms/message-station-agent.mjs',
        singleExecutable: false,
      }),
    ).toEqual({ program: '/usr/bin/node', args: ['/opt/ms/message-station-agent.mjs', '--no-open'] });
    const sea = '/opt/ms/message-station-agent';
    expect(startCommandFor({ execPath: sea, script: sea, singleExecutable: true })).toEqual({
      program: sea,
      args: ['--no-open'],
    });
    // A Node without node:sea: the executable's name tells.
    expect(
      startCommandFor({
        execPath: 'C:\\MS\\Message Station.exe',
        script: 'C:\\MS\\x.mjs',
        singleExecutable: false,
      }),
    ).toEqual({
      program: 'C:\\MS\\Message Station.exe',
      args: ['--no-open'],
    });
  });

  it('reads --start-at-login on|off', () => {
    expect(parseCliArgs(['--start-at-login', 'on']).startAtLogin).toBe(true);
    expect(parseCliArgs(['--start-at-login', 'OFF']).startAtLogin).toBe(false);
    expect(parseCliArgs([]).startAtLogin).toBeUndefined();
    expect(() => parseCliArgs(['--start-at-login', 'yes'])).toThrow(/'on' or 'off'/);
  });
});

describe('start-at-login files', () => {
  const temporary: string[] = [];
  afterEach(async () => {
    for (const dir of temporary.splice(0)) await fs.rm(dir, { recursive: true, force: true });
  });
  async function tempHome() {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'message-station-login-test-'));
    temporary.push(dir);
    return dir;
  }
  const command: TStartCommand = { program: '/usr/bin/node', args: ['/opt/ms/agent.mjs', '--no-open'] };

  it('Linux: writes, reads and removes $XDG_CONFIG_HOME/autostart/message-station.desktop', async () => {
    const home = await tempHome();
    const config = path.join(home, 'xdg config');
    const system = { platform: 'linux' as const, homedir: home, env: { XDG_CONFIG_HOME: config } };
    const file = path.join(config, 'autostart', 'message-station.desktop');
    expect(startAtLoginFile(system)).toBe(file);
    expect(startAtLoginFile({ ...system, env: {} })).toBe(
      path.join(home, '.config', 'autostart', 'message-station.desktop'),
    );
    expect(startAtLoginFile({ ...system, env: { XDG_CONFIG_HOME: 'relative' } })).toBe(
      path.join(home, '.config', 'autostart', 'message-station.desktop'),
    );

    expect(await readStartAtLogin(system)).toEqual({ enabled: false, file });
    expect(await setStartAtLogin(system, true, command)).toEqual({ enabled: true, file });
    expect(desktopKeys(await fs.readFile(file, 'utf8')).Exec).toBe(
      '/usr/bin/node /opt/ms/agent.mjs --no-open',
    );
    expect(await readStartAtLogin(system)).toEqual({ enabled: true, file });
    // A desktop that hides the entry (GNOME Tweaks, KDE) turns it off.
    await fs.appendFile(file, 'Hidden=true\n');
    expect((await readStartAtLogin(system)).enabled).toBe(false);
    expect(await setStartAtLogin(system, false, command)).toEqual({ enabled: false, file });
    await expect(fs.stat(file)).rejects.toThrow();
    // Off again when already off is fine.
    expect((await setStartAtLogin(system, false, command)).enabled).toBe(false);
  });

  it('macOS: writes ~/Library/LaunchAgents/org.messagestation.agent.plist with logs in the settings folder', async () => {
    const home = await tempHome();
    const system = { platform: 'darwin' as const, homedir: home, env: {} };
    const file = path.join(home, 'Library', 'LaunchAgents', 'org.messagestation.agent.plist');
    expect(await setStartAtLogin(system, true, command)).toEqual({ enabled: true, file });
    const plist = readPlist(await fs.readFile(file, 'utf8'));
    const logs = path.join(home, 'Library', 'Application Support', 'Message Station', 'logs');
    expect(plist).toMatchObject({
      ProgramArguments: ['/usr/bin/node', '/opt/ms/agent.mjs', '--no-open'],
      RunAtLoad: true,
    });
    expect(plist.StandardOutPath).toBe(path.join(logs, 'agent.log'));
    expect((await fs.stat(logs)).isDirectory()).toBe(true);
    expect((await readStartAtLogin(system)).enabled).toBe(true);
    await setStartAtLogin(system, false, command);
    expect(await readStartAtLogin(system)).toEqual({ enabled: false, file });
  });

  it('Windows: writes the .cmd in %APPDATA%\\…\\Startup', async () => {
    const home = await tempHome();
    const appData = path.join(home, 'App Data');
    const system = { platform: 'win32' as const, homedir: home, env: { APPDATA: appData } };
    const startup = 'Microsoft/Windows/Start Menu/Programs/Startup/Message Station.cmd';
    const file = path.join(appData, ...startup.split('/'));
    const windowsCommand = {
      program: 'C:\\Program Files\\nodejs\\node.exe',
      args: ['C:\\MS\\agent.mjs', '--no-open'],
    };
    expect(await setStartAtLogin(system, true, windowsCommand)).toEqual({ enabled: true, file });
    expect(await fs.readFile(file, 'utf8')).toContain(
      'start "Message Station" /min "C:\\Program Files\\nodejs\\node.exe"',
    );
    expect((await readStartAtLogin(system)).enabled).toBe(true);
    await setStartAtLogin(system, false, windowsCommand);
    expect((await readStartAtLogin(system)).enabled).toBe(false);
  });

  it('says clearly when the entry cannot be written', async () => {
    const home = await tempHome();
    await fs.writeFile(path.join(home, 'blocked'), 'a file where the config folder should be');
    const system = {
      platform: 'linux' as const,
      homedir: home,
      env: { XDG_CONFIG_HOME: path.join(home, 'blocked') },
    };
    await expect(setStartAtLogin(system, true, command)).rejects.toThrow(
      /^Could not write .*message-station\.desktop \((ENOTDIR|EEXIST)\)\. Starting at login is not set up\.$/,
    );
    // A failed rename leaves no temporary file behind.
    const config = path.join(home, 'config');
    await fs.mkdir(path.join(config, 'autostart', 'message-station.desktop'), { recursive: true });
    const blocked = { ...system, env: { XDG_CONFIG_HOME: config } };
    await expect(setStartAtLogin(blocked, true, command)).rejects.toThrow(/\(EISDIR\)/);
    expect(await fs.readdir(path.join(config, 'autostart'))).toEqual(['message-station.desktop']);
  });
});
