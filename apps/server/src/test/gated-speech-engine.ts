// A stand-in for espeak-ng whose renders finish when the test says so: each notes its text in a
// log when it starts, then waits for a gate file named after its text. Tests of the speech line
// assert the ORDER renders start in, never how long they took.
import { chmod, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * An espeak-ng stand-in: notes "start <text>" in a log, then waits until a gate file named after
 * the text exists before writing the WAV. Arguments: -v voice -b 1 -f <text file> -w <wav>.
 */
export async function gatedEngine(workDir: string) {
  const dir = await mkdtemp(path.join(workDir, 'engine-'));
  const gates = path.join(dir, 'gates');
  await mkdir(gates);
  const log = path.join(dir, 'started.log');
  const engine = path.join(dir, 'espeak-ng');
  await writeFile(
    engine,
    [
      '#!/bin/sh',
      'text=$(cat "$6")',
      `echo "$text" >> "${log}"`,
      `while [ ! -e "${gates}/$text" ]; do sleep 0.01; done`,
      'echo "$text" > "$8"',
    ].join('\n'),
  );
  await chmod(engine, 0o755);
  const started = async () =>
    (await readFile(log, 'utf8').catch(() => '')).trim().split('\n').filter(Boolean);
  return {
    engine,
    started,
    /** Lets the render of `text` finish. */
    open: (text: string) => writeFile(path.join(gates, text), ''),
    /** Resolves once `count` renders have started (a condition, not a delay). */
    async whenStarted(count: number) {
      for (;;) {
        const lines = await started();
        if (lines.length >= count) return lines;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}
