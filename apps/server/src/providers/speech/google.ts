// Google Cloud Text-to-Speech v1: POST /v1/text:synthesize?key=…, the audio base64 in
// `audioContent` (LINEAR16 comes with its WAV header). Natural voices in all nine languages.
import type { TSpeechConfig } from '../../config.js';
import { trimBaseUrl } from '../translation/http.js';
import {
  noAudio,
  sendSpeechRequest,
  sniffFormat,
  speechHttpFailure,
  type TSpeechHttpEngine,
  type TSpeechReply,
} from './http.js';
import type { SpeechError, TLanguageCode, TSpeechEngine } from './types.js';

type TGoogleTtsConfig = NonNullable<TSpeechConfig['google']>;

export const GOOGLE_TTS_API_URL = 'https://texttospeech.googleapis.com';

/**
 * A few of Google's voices per language, the US variants where a US audience listens (es-US,
 * pt-BR): Neural2 where the language has it, WaveNet otherwise (Mandarin is `cmn-CN`).
 */
export const GOOGLE_VOICES: Record<TLanguageCode, string[]> = {
  en: ['en-US-Neural2-F', 'en-US-Neural2-D', 'en-US-Neural2-C', 'en-US-Neural2-J'],
  es: ['es-US-Neural2-A', 'es-US-Neural2-B', 'es-US-Neural2-C'],
  fr: ['fr-FR-Neural2-A', 'fr-FR-Neural2-B', 'fr-CA-Neural2-A'],
  de: ['de-DE-Neural2-A', 'de-DE-Neural2-B'],
  it: ['it-IT-Neural2-A', 'it-IT-Neural2-C'],
  pt: ['pt-BR-Neural2-A', 'pt-BR-Neural2-B'],
  zh: ['cmn-CN-Wavenet-A', 'cmn-CN-Wavenet-B'],
  ja: ['ja-JP-Neural2-B', 'ja-JP-Neural2-C'],
  ko: ['ko-KR-Neural2-A', 'ko-KR-Neural2-C'],
};

/** The voice's own language code: its first two parts (`es-US-Neural2-A` → `es-US`). */
const languageCodeOf = (voice: string) => voice.split('-').slice(0, 2).join('-');

export function createGoogleSpeechEngine(
  config: TGoogleTtsConfig,
  options: { timeoutMs: number },
): TSpeechEngine {
  const engine: TSpeechHttpEngine = {
    provider: 'google',
    label: 'Google Cloud Text-to-Speech',
    timeoutMs: options.timeoutMs,
    secret: config.apiKey,
  };
  const base = trimBaseUrl(config.apiUrl ?? GOOGLE_TTS_API_URL);
  return {
    name: 'google',
    label: engine.label,
    formats: ['mp3', 'wav'],
    voices: (language) => [...(GOOGLE_VOICES[language] ?? [])],
    async synthesize({ text, voice, format }) {
      const url = `${base}/v1/text:synthesize?key=${encodeURIComponent(config.apiKey)}`;
      const reply = await sendSpeechRequest(engine, url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', accept: 'application/json' },
        body: JSON.stringify({
          input: { text },
          voice: { languageCode: languageCodeOf(voice), name: voice },
          audioConfig: { audioEncoding: format === 'wav' ? 'LINEAR16' : 'MP3' },
        }),
      });
      if (reply.status !== 200) throw googleFailure(engine, reply);
      const content = (reply.body as { audioContent?: unknown } | undefined)?.audioContent;
      if (typeof content !== 'string' || content === '') throw noAudio(engine);
      const bytes = Buffer.from(content, 'base64');
      const answered = sniffFormat(bytes);
      if (!answered) throw noAudio(engine);
      return { bytes, format: answered };
    },
  };
}

function googleFailure(engine: TSpeechHttpEngine, reply: TSpeechReply): SpeechError {
  const error = (reply.body as { error?: { status?: unknown; details?: unknown } } | undefined)?.error;
  const reasons = (Array.isArray(error?.details) ? error.details : [])
    .map((d) => (d as { reason?: unknown } | null)?.reason)
    .filter((reason): reason is string => typeof reason === 'string');
  if (reasons.includes('API_KEY_INVALID') || reply.status === 401) {
    return speechHttpFailure(
      engine,
      reply,
      `${engine.label} refused the API key (check GOOGLE_TTS_API_KEY)`,
      'permanent',
    );
  }
  if (reply.status === 403) {
    return speechHttpFailure(
      engine,
      reply,
      `${engine.label} refused the API key (check GOOGLE_TTS_API_KEY and that the API is enabled)`,
      'permanent',
    );
  }
  if (reply.status === 429 || error?.status === 'RESOURCE_EXHAUSTED') {
    return speechHttpFailure(engine, reply, `${engine.label} is limiting the request rate`, 'transient');
  }
  return speechHttpFailure(engine, reply);
}
