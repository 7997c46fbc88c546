// What the translation benchmarks read of the machine: CPU of this process and everything it
// started (the Apertium pipelines, loaded or one per text), and the load average.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

const TICK_MS = (() => {
  try {
    return 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  } catch {
    return 10;
  }
})();

/**
 * CPU milliseconds of this process and its descendants still running, each with the children it
 * has reaped (so finished `apertium` commands count through us, loaded pipelines by themselves).
 */
export function treeCpuMs(): number {
  const stats = new Map<number, { parent: number; cpu: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // After "pid (comm) ": state ppid … utime(14) stime(15) cutime(16) cstime(17), 1-based.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cpu = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
      stats.set(Number(name), { parent: Number(fields[1]), cpu });
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  const queue = [process.pid];
  while (queue.length) {
    const pid = queue.pop() as number;
    total += stats.get(pid)?.cpu ?? 0;
    for (const [child, stat] of stats) if (stat.parent === pid) queue.push(child);
  }
  return total * TICK_MS;
}

/** Wall time, CPU of node and of what it started, and the load while `work` ran. */
export async function measured<T>(work: () => Promise<T>) {
  const treeStart = treeCpuMs();
  const nodeStart = process.cpuUsage();
  const start = performance.now();
  let peakLoad = os.loadavg()[0] ?? 0;
  const sampler = setInterval(() => {
    peakLoad = Math.max(peakLoad, os.loadavg()[0] ?? 0);
  }, 1000);
  try {
    const result = await work();
    const wallMs = performance.now() - start;
    const used = process.cpuUsage(nodeStart);
    const nodeMs = (used.user + used.system) / 1000;
    const treeMs = treeCpuMs() - treeStart;
    return {
      result,
      wallMs,
      nodeMs,
      otherMs: Math.max(0, treeMs - nodeMs),
      load: { end: os.loadavg()[0] ?? 0, peak: peakLoad },
    };
  } finally {
    clearInterval(sampler);
  }
}

export type TMeasured = Awaited<ReturnType<typeof measured>>;

/** "12.3 s wall, CPU 4.5 s node + 6.7 s other, load 1.2 (peak 3.4)". */
export function describeRun(run: TMeasured): string {
  return `${(run.wallMs / 1000).toFixed(1)} s wall, CPU ${(run.nodeMs / 1000).toFixed(1)} s node + ${(run.otherMs / 1000).toFixed(1)} s other processes, load ${run.load.end.toFixed(2)} at the end (peak ${run.load.peak.toFixed(2)})`;
}
