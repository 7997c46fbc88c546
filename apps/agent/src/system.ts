// The operating system as the agent sees it: which platform, how commands run, what is on PATH.
// Everything that spawns a process goes through a TSystem so tests can stand in for macOS or
// Windows on any machine.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export type TRunResult = { code: number | null; stdout: string; stderr: string };

export type TRunOptions = {
  /** Written to the command's standard input, which is then closed. */
  input?: string;
  /** Kills the command when aborted; the promise then rejects with an AbortError. */
  signal?: AbortSignal;
  timeoutMs?: number;
};

/** Runs a command without a shell. Rejects when it cannot start (e.g. ENOENT); a non-zero exit resolves. */
export type TCommandRunner = (command: string, args: string[], options?: TRunOptions) => Promise<TRunResult>;

export type TSystem = {
  platform: NodeJS.Platform;
  arch: string;
  /** os.release(): the kernel version (Darwin's on macOS, e.g. 10.0.22631 on Windows). */
  release: string;
  hostname: string;
  homedir: string;
  env: NodeJS.ProcessEnv;
  run: TCommandRunner;
  /** The full path of an executable on PATH, or null. */
  which: (command: string) => Promise<string | null>;
};

export const runCommand: TCommandRunner = (command, args, options = {}) =>
  new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(abortError());
      return;
    }
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
    let stdout = '';
    let stderr = '';
    let settled = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const onAbort = () => {
      child.kill();
      finish(() => reject(abortError()));
    };
    const timer = options.timeoutMs
      ? setTimeout(() => {
          child.kill();
          finish(() => reject(new Error(`${command} did not finish within ${options.timeoutMs} ms`)));
        }, options.timeoutMs)
      : undefined;
    function finish(settle: () => void) {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      settle();
    }
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => finish(() => reject(error)));
    child.on('close', (code) => finish(() => resolve({ code, stdout, stderr })));
    // A command that exits without reading its input must not crash us with EPIPE.
    child.stdin.on('error', () => {});
    child.stdin.end(options.input ?? '');
  });

export function abortError(): Error {
  const error = new Error('Stopped');
  error.name = 'AbortError';
  return error;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

export function findOnPath(env: NodeJS.ProcessEnv, platform: NodeJS.Platform) {
  return async (command: string): Promise<string | null> => {
    const dirs = (env.PATH ?? env.Path ?? '').split(path.delimiter).filter(Boolean);
    const extensions =
      platform === 'win32' ? ['', ...(env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').toLowerCase().split(';')] : [''];
    for (const dir of dirs) {
      for (const extension of extensions) {
        const candidate = path.join(dir, command + extension);
        try {
          const stat = await fs.stat(candidate);
          if (!stat.isFile()) continue;
          if (platform !== 'win32') await fs.access(candidate, fs.constants.X_OK);
          return candidate;
        } catch {
          // not here; keep looking
        }
      }
    }
    return null;
  };
}

export function realSystem(): TSystem {
  return {
    platform: process.platform,
    arch: process.arch,
    release: os.release(),
    hostname: os.hostname(),
    homedir: os.homedir(),
    env: process.env,
    run: runCommand,
    which: findOnPath(process.env, process.platform),
  };
}

// ---- PowerShell (Windows) -------------------------------------------------------------------

/** A PowerShell single-quoted string literal: nothing inside it is interpreted. */
export function psQuote(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * Arguments that run `script` in Windows PowerShell. The script travels base64-encoded
 * (UTF-16LE, as -EncodedCommand expects) so no quoting of cmd or argv can change it.
 */
export function powershellArgs(script: string): string[] {
  const encoded = Buffer.from(script, 'utf16le').toString('base64');
  return ['-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-EncodedCommand', encoded];
}

export const POWERSHELL = 'powershell.exe';

/** Decodes what powershellArgs encoded (for tests and logs). */
export function decodePowershellScript(args: string[]): string {
  const encoded = args[args.indexOf('-EncodedCommand') + 1] ?? '';
  return Buffer.from(encoded, 'base64').toString('utf16le');
}

/** The first line of a command's error output, for messages a person reads. */
export function firstLine(text: string): string {
  return (
    text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .find(Boolean) ?? ''
  );
}
