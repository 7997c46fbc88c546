// Picks the speech engine of this operating system.
import type { TSystem } from '../system.js';
import type { TSpeechEngine } from './engine.js';
import { espeakEngine } from './espeak.js';
import { sapiEngine } from './sapi.js';
import { sayEngine } from './say.js';

/** An engine that cannot speak: every language reports why. */
export function unavailableEngine(name: string, reason: string): TSpeechEngine {
  return {
    name,
    listVoices: async () => [],
    voiceFor: () => ({ reason }),
    render: async () => {
      throw new Error(reason);
    },
  };
}

export async function createSpeechEngine(system: TSystem): Promise<TSpeechEngine> {
  if (system.platform === 'darwin') return sayEngine(system);
  if (system.platform === 'win32') return sapiEngine(system);
  const espeak = await system.which('espeak-ng');
  if (espeak) return espeakEngine(system, espeak);
  return unavailableEngine(
    'espeak-ng (not installed)',
    'espeak-ng is not installed. Install it (e.g. sudo apt install espeak-ng) and restart Message Station.',
  );
}
