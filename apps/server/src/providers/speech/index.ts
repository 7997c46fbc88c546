// Builds the configured chain of speech engines (SPEECH_PROVIDERS, in order).
import type { TSpeechConfig } from '../../config.js';
import { createSpeechChain, type TSpeechChain } from './chain.js';
import { createEspeakEngine } from './espeak.js';
import { createGoogleSpeechEngine } from './google.js';
import { createOpenAiSpeechEngine } from './openai.js';
import type { TSpeechEngine } from './types.js';

export function createSpeechEngines(config: TSpeechConfig, options: { tmpDir?: string } = {}): TSpeechChain {
  const timing = { timeoutMs: config.timeoutMs };
  const engines = config.providers.map((name): TSpeechEngine => {
    switch (name) {
      case 'google':
        return createGoogleSpeechEngine(need(config.google, 'GOOGLE_TTS_API_KEY'), timing);
      case 'openai':
        return createOpenAiSpeechEngine(need(config.openai, 'OPENAI_TTS_MODEL'), timing);
      default:
        return createEspeakEngine({
          espeakPath: config.espeakPath,
          timeoutMs: config.timeoutMs,
          tmpDir: options.tmpDir,
        });
    }
  });
  return createSpeechChain(engines);
}

function need<T>(settings: T | undefined, variable: string): T {
  // loadConfig refuses a listed engine without its settings; this guards hand-built configs.
  if (!settings) throw new Error(`Speech provider configured without ${variable}`);
  return settings;
}

export { createSpeechChain, type TSpeakRequest, type TSpeechChain } from './chain.js';
export { convertAudio, MP3_DECODE_UNAVAILABLE, MP3_UNAVAILABLE } from './convert.js';
export { espeakMisreadsChineseCharacters, misreadByEspeak, SPEECH_UNAVAILABLE } from './espeak.js';
export * from './types.js';
