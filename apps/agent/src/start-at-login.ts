// Start at login: the file that starts the agent when this user logs in, written or removed on
// request (status page switch, --start-at-login on|off). One file per platform:
//   Linux and others  $XDG_CONFIG_HOME/autostart/message-station.desktop (XDG autostart)
//   macOS             ~/Library/LaunchAgents/org.messagestation.agent.plist (a LaunchAgent)
//   Windows           %APPDATA%\Microsoft\Windows\Start Menu\Programs\Startup\Message Station.cmd
// The contents come from pure functions (tested on any OS); the file's place comes from the
// injected TSystem, so tests write into a temporary folder.
import fs from 'node:fs/promises';
import path from 'node:path';
import { settingsDir } from './settings.js';
import type { TSystem } from './system.js';

/** What the entry runs: an absolute program and its arguments. */
export type TStartCommand = { program: string; args: string[] };

export type TStartAtLogin = {
  enabled: boolean;
  /** Where the entry is (or would be) written. */
  file: string;
};

export const LAUNCH_AGENT_LABEL = 'org.messagestation.agent';
/** A start at login must not open a browser window on every login. */
export const LOGIN_FLAGS = ['--no-open'];

type TStartSystem = Pick<TSystem, 'platform' | 'env' | 'homedir'>;

// ---- the command ----------------------------------------------------------------------------

/** True when this process is a Node single executable application (node:sea exists from Node 20.12). */
export function runningAsSingleExecutable(): boolean {
  try {
    // process.getBuiltinModule, not createRequire(import.meta.url): the single executable's main
    // script is CommonJS, where import.meta has no url.
    const sea = process.getBuiltinModule?.('node:sea') as { isSea?: () => boolean } | undefined;
    return typeof sea?.isSea === 'function' && sea.isSea();
  } catch {
    return false;
  }
}

/**
 * The way this agent was started, plus --no-open: the Node binary and the CLI script when Node
 * runs a script, the executable alone when it is a single executable (its argv[1] is itself,
 * or its name is not node's).
 */
export function startCommandFor(input: {
  execPath: string;
  script: string | undefined;
  singleExecutable: boolean;
}): TStartCommand {
  const { execPath, script, singleExecutable } = input;
  const nodeName = /^node(\.exe)?$/i.test(path.basename(execPath.replace(/\\/g, '/')));
  if (singleExecutable || !script || script === execPath || !nodeName) {
    return { program: execPath, args: [...LOGIN_FLAGS] };
  }
  return { program: execPath, args: [path.resolve(script), ...LOGIN_FLAGS] };
}

export function currentStartCommand(): TStartCommand {
  return startCommandFor({
    execPath: process.execPath,
    script: process.argv[1],
    singleExecutable: runningAsSingleExecutable(),
  });
}

// ---- Linux: XDG autostart Desktop Entry -----------------------------------------------------

/** Characters that make the Desktop Entry spec's Exec key need an argument in double quotes. */
const EXEC_RESERVED = /[\s"'\\><~|&;$*?#()`]/;

/** One Exec argument per the Desktop Entry spec: quoted when needed, `%` doubled. */
export function desktopExecArg(value: string): string {
  const quoted = EXEC_RESERVED.test(value) || value === '' ? `"${value.replace(/["`$\\]/g, '\\$&')}"` : value;
  return quoted.replace(/%/g, '%%');
}

/** A string value of a Desktop Entry key: backslashes and line breaks escaped. */
function desktopValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t');
}

export function desktopEntry(command: TStartCommand): string {
  const exec = [command.program, ...command.args].map(desktopExecArg).join(' ');
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Version=1.0',
    'Name=Message Station',
    'Comment=Speaks and exports your station’s messages on this computer (written by Message Station; delete this file to stop starting at login)',
    `Exec=${desktopValue(exec)}`,
    'Terminal=false',
    'NoDisplay=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

// ---- macOS: LaunchAgent plist ---------------------------------------------------------------

export function xmlEscape(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export function launchAgentPlist(command: TStartCommand, logsDir: string): string {
  const string = (value: string) => `<string>${xmlEscape(value)}</string>`;
  const programArguments = [command.program, ...command.args].map((arg) => `\t\t${string(arg)}`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<!-- Written by Message Station: starts it when you log in. Delete this file to stop that. -->
<plist version="1.0">
<dict>
\t<key>Label</key>
\t${string(LAUNCH_AGENT_LABEL)}
\t<key>ProgramArguments</key>
\t<array>
${programArguments}
\t</array>
\t<key>RunAtLoad</key>
\t<true/>
\t<key>KeepAlive</key>
\t<false/>
\t<key>ProcessType</key>
\t${string('Interactive')}
\t<key>StandardOutPath</key>
\t${string(path.join(logsDir, 'agent.log'))}
\t<key>StandardErrorPath</key>
\t${string(path.join(logsDir, 'agent-error.log'))}
</dict>
</plist>
`;
}

// ---- Windows: a .cmd in the Startup folder --------------------------------------------------
//
// Why .cmd and not .vbs: a .vbs could start the agent with no window at all, but the agent has
// no tray icon and no Quit button, so a hidden agent could only be stopped from Task Manager.
// `start /min` leaves one minimised "Message Station" window in the taskbar: staff see that it
// runs, read its one-line status there, and close it to stop it. Windows Script Host (.vbs) is
// also often disabled by policy or flagged by antivirus, and VBScript is being removed from
// Windows; cmd.exe is always there.

/** One argument in a batch file: in double quotes (spaces, & ^ ( ) stay literal), `%` doubled. */
export function cmdArg(value: string): string {
  if (/["\r\n]/.test(value))
    throw new Error(`This path cannot be written to a Windows start script: ${value}`);
  return `"${value.replace(/%/g, '%%')}"`;
}

export function windowsStartupScript(command: TStartCommand): string {
  const line = `start "Message Station" /min ${[command.program, ...command.args].map(cmdArg).join(' ')}`;
  // cmd.exe reads a batch file in the console's code page; switch to UTF-8 when a path needs it.
  const needsUtf8 = /[\u0080-\uffff]/.test(line);
  return [
    '@echo off',
    'rem Written by Message Station: starts it when you log in to Windows.',
    'rem Delete this file (or turn the switch off on the status page) to stop that.',
    ...(needsUtf8 ? ['chcp 65001 >nul'] : []),
    line,
    '',
  ].join('\r\n');
}

// ---- where, and reading/writing -------------------------------------------------------------

/**
 * The entry's file for the system's platform. Joined with the host's path module: on Windows
 * that is win32 paths; tests standing in for Windows on Linux get a path inside their temp dir.
 */
export function startAtLoginFile(system: TStartSystem): string {
  const { env, homedir, platform } = system;
  if (platform === 'darwin')
    return path.join(homedir, 'Library', 'LaunchAgents', `${LAUNCH_AGENT_LABEL}.plist`);
  if (platform === 'win32') {
    const appData = env.APPDATA || path.join(homedir, 'AppData', 'Roaming');
    return path.join(
      appData,
      'Microsoft',
      'Windows',
      'Start Menu',
      'Programs',
      'Startup',
      'Message Station.cmd',
    );
  }
  // The XDG spec ignores a relative XDG_CONFIG_HOME.
  const config =
    env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME)
      ? env.XDG_CONFIG_HOME
      : path.join(homedir, '.config');
  return path.join(config, 'autostart', 'message-station.desktop');
}

/** Whether the entry is there; a desktop entry turned off by the desktop (Hidden=true) is off. */
export async function readStartAtLogin(system: TStartSystem): Promise<TStartAtLogin> {
  const file = startAtLoginFile(system);
  let contents: string;
  try {
    contents = await fs.readFile(file, 'utf8');
  } catch {
    return { enabled: false, file };
  }
  const disabled =
    system.platform !== 'darwin' &&
    system.platform !== 'win32' &&
    /^(Hidden\s*=\s*true|X-GNOME-Autostart-enabled\s*=\s*false)\s*$/im.test(contents);
  return { enabled: !disabled, file };
}

/** Writes (or rewrites, for the current command) or removes the entry. Throws a readable error. */
export async function setStartAtLogin(
  system: TStartSystem,
  enabled: boolean,
  command: TStartCommand = currentStartCommand(),
): Promise<TStartAtLogin> {
  const file = startAtLoginFile(system);
  try {
    if (!enabled) {
      await fs.rm(file, { force: true });
      return { enabled: false, file };
    }
    let contents: string;
    if (system.platform === 'darwin') {
      // launchd does not create the log folder.
      const logs = path.join(settingsDir(system), 'logs');
      await fs.mkdir(logs, { recursive: true, mode: 0o700 });
      contents = launchAgentPlist(command, logs);
    } else if (system.platform === 'win32') {
      contents = windowsStartupScript(command);
    } else {
      contents = desktopEntry(command);
    }
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    try {
      await fs.writeFile(temporary, contents, { mode: 0o644 });
      await fs.rename(temporary, file);
    } finally {
      await fs.rm(temporary, { force: true }).catch(() => {});
    }
    return { enabled: true, file };
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new Error(
      `Could not ${enabled ? 'write' : 'remove'} ${file} (${reason}). ${enabled ? 'Starting at login is not set up.' : 'Delete that file to stop starting at login.'}`,
    );
  }
}
