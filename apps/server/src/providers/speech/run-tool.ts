// Runs one of the local audio programs (espeak-ng, lame) to completion: a missing program and a
// stuck one are speech errors with their reason, and a stuck one is killed with all it started.
import { spawn } from 'node:child_process';
import { SpeechError } from './types.js';

export type TToolOptions = {
  timeoutMs: number;
  /** Plain words for "not installed", e.g. what to install or do instead. */
  missing: string;
  /** The program's name in messages, e.g. 'espeak-ng'. */
  label: string;
  engine?: string;
};

export function runTool(command: string, args: string[], options: TToolOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    // Its own process group, so a wrapper script and everything it started die together.
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, options.timeoutMs);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < 4000) stderr += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (error.code !== 'ENOENT') return reject(error);
      reject(new SpeechError('permanent', options.missing, { engine: options.engine, reason: 'missing' }));
    });
    // 'exit', not 'close': a killed group may leave the stderr pipe open a moment longer.
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) {
        return reject(
          new SpeechError('transient', `${options.label} took too long`, {
            engine: options.engine,
            reason: 'timeout',
          }),
        );
      }
      if (code === 0) return resolve();
      const reason =
        stderr.trim().split('\n').pop() || (signal ? `stopped by ${signal}` : `exit code ${code}`);
      reject(new SpeechError('permanent', `${options.label} failed: ${reason}`, { engine: options.engine }));
    });
  });
}
