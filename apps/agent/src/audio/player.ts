// Plays a WAV on the computer's default output: afplay on macOS; paplay, aplay, sox's play or
// ffplay on Linux; System.Media.SoundPlayer on Windows. With --audio-output null, or when no
// output device exists, a silent output takes the audio's real length instead.
import fs from 'node:fs/promises';
import { AGENT_SILENT_DEVICE } from '@message-station/shared';
import { abortError, firstLine, POWERSHELL, powershellArgs, psQuote, type TSystem } from '../system.js';
import { wavDurationSeconds } from './wav.js';

export const SILENT_DEVICE = AGENT_SILENT_DEVICE;

export type TPlayer = {
  /** What the Machines page shows as the audio output. */
  readonly device: string;
  readonly silent: boolean;
  /** Plays a WAV to its end; rejects with an AbortError as soon as `signal` aborts. */
  play(wavPath: string, signal: AbortSignal): Promise<void>;
};

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function silentPlayer(): TPlayer {
  return {
    device: SILENT_DEVICE,
    silent: true,
    async play(wavPath, signal) {
      await sleep((await wavDurationSeconds(wavPath)) * 1000, signal);
    },
  };
}

export function commandPlayer(
  system: TSystem,
  device: string,
  command: string,
  argsFor: (wavPath: string) => string[],
): TPlayer {
  return {
    device,
    silent: false,
    async play(wavPath, signal) {
      const result = await system.run(command, argsFor(wavPath), { signal });
      if (result.code !== 0) {
        throw new Error(
          `The audio output failed (${command}): ${firstLine(result.stderr) || `exit code ${result.code}`}`,
        );
      }
    },
  };
}

/** The player for the chosen output: the system default, or silent. */
export async function detectPlayer(system: TSystem, choice: 'default' | 'null'): Promise<TPlayer> {
  if (choice === 'null') return silentPlayer();
  if (system.platform === 'darwin') {
    return commandPlayer(system, await macOutputName(system), 'afplay', (wav) => [wav]);
  }
  if (system.platform === 'win32') {
    const device = await windowsOutputName(system);
    if (!device) return silentPlayer();
    return commandPlayer(system, device, POWERSHELL, (wav) =>
      powershellArgs(`(New-Object System.Media.SoundPlayer ${psQuote(wav)}).PlaySync()`),
    );
  }
  return (await linuxPlayer(system)) ?? silentPlayer();
}

async function macOutputName(system: TSystem): Promise<string> {
  const result = await system
    .run('system_profiler', ['SPAudioDataType', '-json'], { timeoutMs: 20_000 })
    .catch(() => null);
  try {
    const data = JSON.parse(result?.stdout ?? '') as {
      SPAudioDataType?: { _items?: { _name?: string; coreaudio_default_audio_output_device?: string }[] }[];
    };
    for (const group of data.SPAudioDataType ?? []) {
      const device = group._items?.find(
        (item) => item.coreaudio_default_audio_output_device === 'spaudio_yes',
      );
      if (device?._name) return device._name;
    }
  } catch {
    // an older macOS without -json: fall through
  }
  return 'Default output';
}

async function windowsOutputName(system: TSystem): Promise<string | null> {
  const script =
    "[Console]::OutputEncoding = [System.Text.Encoding]::UTF8\nGet-CimInstance Win32_SoundDevice | Where-Object { $_.Status -eq 'OK' } | Select-Object -First 1 -ExpandProperty Name";
  const result = await system
    .run(POWERSHELL, powershellArgs(script), { timeoutMs: 30_000 })
    .catch(() => null);
  if (result?.code !== 0) return 'Default output';
  return firstLine(result.stdout) || null;
}

async function linuxPlayer(system: TSystem): Promise<TPlayer | null> {
  const pulse = await pulseSinkName(system);
  if (pulse && (await system.which('paplay'))) return commandPlayer(system, pulse, 'paplay', (wav) => [wav]);

  // Plain ALSA: only when the kernel has a playback device at all.
  const card = await alsaCardName();
  if (!card) return null;
  const players: [string, (wav: string) => string[]][] = [
    ['aplay', (wav) => ['-q', wav]],
    ['play', (wav) => ['-q', wav]],
    ['ffplay', (wav) => ['-nodisp', '-autoexit', '-loglevel', 'error', wav]],
  ];
  for (const [command, argsFor] of players) {
    if (await system.which(command)) return commandPlayer(system, card, command, argsFor);
  }
  return null;
}

/** The description of PulseAudio's (or PipeWire's) default sink, or null when there is no sound server. */
async function pulseSinkName(system: TSystem): Promise<string | null> {
  if (!(await system.which('pactl'))) return null;
  const info = await system.run('pactl', ['info'], { timeoutMs: 5_000 }).catch(() => null);
  const sink = info?.code === 0 ? /^Default Sink:\s*(.+)$/m.exec(info.stdout)?.[1]?.trim() : undefined;
  if (!sink) return null;
  const sinks = await system.run('pactl', ['list', 'sinks'], { timeoutMs: 5_000 }).catch(() => null);
  const block = sinks?.stdout.split(/\n(?=Sink #)/).find((part) => part.includes(`Name: ${sink}`));
  return block ? (/^\s*Description:\s*(.+)$/m.exec(block)?.[1]?.trim() ?? sink) : sink;
}

async function alsaCardName(): Promise<string | null> {
  const devices = await fs.readdir('/dev/snd').catch(() => [] as string[]);
  if (!devices.some((name) => /^pcmC\d+D\d+p$/.test(name))) return null;
  const cards = await fs.readFile('/proc/asound/cards', 'utf8').catch(() => '');
  const name = / - (.+)$/m.exec(cards)?.[1]?.trim();
  return name ? `ALSA: ${name}` : 'ALSA default';
}
