// Apertium's pipelines kept loaded (decision 0059), as its APY server does: started once per mode in
// null-flush mode (`apertium-wblank-mode -z`), each text written with a NUL after it and its
// translation read up to the NUL that follows. Loading a pair's dictionaries and rules is most of
// what the `apertium` command costs per call (0.2–0.6 s of CPU per pipeline, more under load); a
// loaded pipeline answers a sentence in a few milliseconds. The text is deformatted and
// reformatted around the pipeline by apertium-destxt and apertium-retxt, as the command does. A
// pipeline left idle is stopped; one that fails or runs past its time limit is killed and the next
// text starts it again. Installations without apertium-wblank-mode or the mode files fall back to
// the command (apertium.ts).
import { spawn } from 'node:child_process';
import { access } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { formatSeconds } from './http.js';
import { TranslationError } from './types.js';

/** A pipeline not used for this long is stopped (its memory back); the next text starts it again. */
const IDLE_MS = 10 * 60_000;
/** Pipelines kept loaded at once; starting one more stops the one used longest ago. */
const MAX_PIPELINES = 8;
/** A mode whose pipeline timed out this many times in a row goes back to the command. */
const MAX_TIMEOUTS = 3;

type TAnswer = { text: string; stderr: string };

type TPipeline = {
  mode: string;
  lastUsed: number;
  request(text: string, timeoutMs: number): Promise<TAnswer>;
  stop(): void;
  readonly busy: boolean;
};

export type TApertiumPipelines = {
  /** The mode's translation through its loaded pipeline; undefined when it cannot be kept loaded. */
  run(mode: string, text: string, timeoutMs: number): Promise<TAnswer | undefined>;
  /** Pipelines loaded now. */
  loaded(): number;
  /** Stops every pipeline. */
  close(): void;
};

const every = new Set<TApertiumPipelines>();
let exitHook = false;

export function createApertiumPipelines(
  options: { dataDir?: string; idleMs?: number } = {},
): TApertiumPipelines {
  const dataDir = options.dataDir ?? process.env.APERTIUM_DATADIR ?? '/usr/share/apertium';
  const idleMs = options.idleMs ?? IDLE_MS;
  const scripts = new Map<string, Promise<string | null>>();
  const pipelines = new Map<string, TPipeline>();
  const timeouts = new Map<string, number>();

  /** The mode's pipeline in null-flush mode, as a shell script; null when this installation has none. */
  function scriptFor(mode: string): Promise<string | null> {
    let script = scripts.get(mode);
    if (!script) {
      const file = path.join(dataDir, 'modes', `${mode}.mode`);
      script = access(file)
        .then(() => runFilter('apertium-wblank-mode', ['-z', file], '', 10_000))
        .then(({ stdout }) => (/\S/.test(stdout) ? stdout : null))
        .catch(() => null);
      scripts.set(mode, script);
    }
    return script;
  }

  function pipelineFor(mode: string, script: string): TPipeline {
    let pipeline = pipelines.get(mode);
    if (pipeline) return pipeline;
    if (pipelines.size >= MAX_PIPELINES) {
      const idle = [...pipelines.values()].filter((p) => !p.busy).sort((a, b) => a.lastUsed - b.lastUsed)[0];
      idle?.stop();
    }
    pipeline = startPipeline(mode, script, idleMs, () => {
      if (pipelines.get(mode) === pipeline) pipelines.delete(mode);
    });
    pipelines.set(mode, pipeline);
    return pipeline;
  }

  const self: TApertiumPipelines = {
    async run(mode, text, timeoutMs) {
      const script = await scriptFor(mode);
      if (!script) return undefined;
      const clean = text.replace(/\0/g, '');
      const deformatted = await runFilter('apertium-destxt', [], clean, timeoutMs);
      let answer: TAnswer;
      try {
        answer = await pipelineFor(mode, script).request(deformatted.stdout, timeoutMs);
        timeouts.delete(mode);
      } catch (error) {
        // A pipeline that keeps missing its NUL (a stage without null-flush) is not used again.
        const count = (timeouts.get(mode) ?? 0) + 1;
        timeouts.set(mode, count);
        if (count >= MAX_TIMEOUTS) scripts.set(mode, Promise.resolve(null));
        throw error;
      }
      if (!/\S/.test(answer.text)) return { text: '', stderr: answer.stderr };
      const reformatted = await runFilter('apertium-retxt', [], answer.text, timeoutMs);
      return { text: reformatted.stdout.trim(), stderr: answer.stderr };
    },
    loaded: () => pipelines.size,
    close() {
      for (const pipeline of [...pipelines.values()]) pipeline.stop();
    },
  };
  every.add(self);
  if (!exitHook) {
    exitHook = true;
    // The pipelines end with the server (they would end anyway when their input closes).
    process.once('exit', () => {
      for (const set of every) set.close();
    });
  }
  return self;
}

function killGroup(pid: number | undefined) {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function startPipeline(mode: string, script: string, idleMs: number, gone: () => void): TPipeline {
  // Own process group, so every stage stops together; $1 -g marks unknown words ('*word'), as the
  // command does without -u; $2 is the tagger's option (none).
  const child = spawn('bash', ['-c', script, 'apertium', '-g', ''], {
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  let buffer = Buffer.alloc(0);
  let stderr = '';
  let dead = false;
  let current: { resolve: (answer: TAnswer) => void; reject: (error: Error) => void } | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let idleTimer: NodeJS.Timeout | undefined;
  let pending = 0;

  // Idle, a pipeline does not keep the process alive; while it translates it does.
  const hold = (on: boolean) => {
    for (const handle of [child, child.stdin, child.stdout, child.stderr] as {
      ref?(): void;
      unref?(): void;
    }[]) {
      if (on) handle?.ref?.();
      else handle?.unref?.();
    }
  };
  hold(false);

  const stop = () => {
    if (dead) return;
    dead = true;
    clearTimeout(idleTimer);
    gone();
    killGroup(child.pid);
    hold(false);
  };

  child.stdout.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (let end = buffer.indexOf(0); end >= 0; end = buffer.indexOf(0)) {
      const text = buffer.subarray(0, end).toString('utf8');
      buffer = buffer.subarray(end + 1);
      const waiting = current;
      current = undefined;
      waiting?.resolve({ text, stderr });
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  child.stdin.on('error', () => {});
  const ended = () => {
    const waiting = current;
    current = undefined;
    stop();
    // A stage missing (cg-proc) ends the pipeline without an answer: an empty one, with what it said.
    waiting?.resolve({ text: '', stderr });
  };
  child.on('error', ended);
  child.on('close', ended);

  const pipeline: TPipeline = {
    mode,
    lastUsed: Date.now(),
    get busy() {
      return pending > 0;
    },
    stop,
    request(text, timeoutMs) {
      pending += 1;
      clearTimeout(idleTimer);
      hold(true);
      const turn = queue.then(
        () =>
          new Promise<TAnswer>((resolve, reject) => {
            if (dead) {
              resolve({ text: '', stderr });
              return;
            }
            stderr = '';
            const timer = setTimeout(() => {
              current = undefined;
              stop();
              reject(apertiumTimedOut(timeoutMs));
            }, timeoutMs);
            current = {
              resolve: (answer) => {
                clearTimeout(timer);
                resolve(answer);
              },
              reject,
            };
            child.stdin.write(`${text}\0`);
          }),
      );
      queue = turn.catch(() => {});
      return turn.finally(() => {
        pending -= 1;
        pipeline.lastUsed = Date.now();
        if (pending === 0 && !dead) {
          hold(false);
          idleTimer = setTimeout(stop, idleMs);
          idleTimer.unref();
        }
      });
    },
  };
  return pipeline;
}

/** The error of an Apertium command or pipeline that passed its deadline. */
export function apertiumTimedOut(timeoutMs: number): TranslationError {
  return new TranslationError(
    'transient',
    `Apertium did not finish within ${formatSeconds(timeoutMs)}`,
    'apertium',
  );
}

/** What a child process writes, as text: read `stdout` and `stderr` of the result as it goes. */
export function gatherOutput(child: { stdout: Readable; stderr: Readable }): {
  stdout: string;
  stderr: string;
} {
  const output = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output.stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    output.stderr += chunk;
  });
  return output;
}

/** A short filter (destxt, retxt, wblank-mode): the text in on stdin, its output back. */
function runFilter(
  command: string,
  args: string[],
  input: string,
  timeoutMs: number,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(apertiumTimedOut(timeoutMs));
    }, timeoutMs);
    const output = gatherOutput(child);
    child.stdin.on('error', () => {});
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve({ stdout: output.stdout, stderr: output.stderr });
      else
        reject(
          new TranslationError(
            'permanent',
            `Apertium failed: ${output.stderr.trim().split('\n').pop() || `${command} exit code ${code}`}`,
            'apertium',
          ),
        );
    });
    child.stdin.end(input);
  });
}
