// Opens the status page in the person's browser on first start; any failure is ignored (the
// address is printed in the terminal too).
import { spawn } from 'node:child_process';

export function openInBrowser(platform: NodeJS.Platform, url: string): void {
  const [command, args] =
    platform === 'darwin'
      ? ['open', [url]]
      : platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  try {
    // Verbatim on Windows so cmd sees `start "" <url>` (an empty window title), not escaped quotes.
    const child = spawn(command, args, {
      detached: true,
      stdio: 'ignore',
      windowsHide: true,
      windowsVerbatimArguments: platform === 'win32',
    });
    child.on('error', () => {});
    child.unref();
  } catch {
    // no browser opener on this machine
  }
}
