// The platform line the Machines page shows: 'macOS 14.5 (arm64)', 'Linux 6.1 (x64)',
// 'Windows 10.0.22631 (x64)'.
import type { TSystem } from './system.js';

export async function describePlatform(system: TSystem): Promise<string> {
  const arch = system.arch;
  if (system.platform === 'darwin') {
    const result = await system.run('sw_vers', ['-productVersion'], { timeoutMs: 5_000 }).catch(() => null);
    const version = result?.code === 0 ? result.stdout.trim() : '';
    return version ? `macOS ${version} (${arch})` : `macOS (Darwin ${system.release}, ${arch})`;
  }
  if (system.platform === 'win32') return `Windows ${system.release} (${arch})`;
  const kernel = /^(\d+\.\d+)/.exec(system.release)?.[1];
  const name = system.platform === 'linux' ? 'Linux' : system.platform;
  return kernel ? `${name} ${kernel} (${arch})` : `${name} (${arch})`;
}
