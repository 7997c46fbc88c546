// An OpenAI-compatible speech endpoint: POST {base}/audio/speech {model, input, voice,
// response_format} → the audio itself. OpenAI's voices speak every language; a local server
// (Kokoro, openedai-speech, LocalAI…) names its own in OPENAI_TTS_VOICES.
import { LANGUAGE_CODES } from '@message-station/shared';
import type { TSpeechConfig } from '../../config.js';
import { trimBaseUrl } from '../translation/http.js';
import {
  noAudio,
  sendSpeechRequest,
  sniffFormat,
  speechHttpFailure,
  type TSpeechHttpEngine,
} from './http.js';
import type { TSpeechEngine } from './types.js';

type TOpenAiTtsConfig = NonNullable<TSpeechConfig['openai']>;

export function createOpenAiSpeechEngine(
  config: TOpenAiTtsConfig,
  options: { timeoutMs: number },
): TSpeechEngine {
  const engine: TSpeechHttpEngine = {
    provider: 'openai',
    label: 'The OpenAI-compatible speech endpoint',
    timeoutMs: options.timeoutMs,
    secret: config.apiKey,
  };
  const base = trimBaseUrl(config.baseUrl);
  return {
    name: 'openai',
    label: 'OpenAI-compatible speech',
    formats: ['mp3', 'wav'],
    voices: (language) => (LANGUAGE_CODES.includes(language) ? [...config.voices] : []),
    async synthesize({ text, voice, format }) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
      const reply = await sendSpeechRequest(engine, `${base}/audio/speech`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: config.model, input: text, voice, response_format: format }),
      });
      if (reply.status === 401 || reply.status === 403) {
        throw speechHttpFailure(
          engine,
          reply,
          `${engine.label} refused the API key (check OPENAI_TTS_API_KEY)`,
        );
      }
      if (reply.status !== 200) throw speechHttpFailure(engine, reply);
      const answered = sniffFormat(reply.bytes);
      if (!answered) throw noAudio(engine);
      return { bytes: reply.bytes, format: answered };
    },
  };
}
