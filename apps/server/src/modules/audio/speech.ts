// Speech rendered on the server: the configured chain of voices (providers/speech: cloud voices,
// espeak-ng offline), converted to the format asked for with lame, a few renders at a time shared
// fairly between stations (fair-queue.ts). Engine failures become refusals in plain words.
import { languageName, type TAudioFormat, type TLanguageCode } from '@message-station/shared';
import type { TSpeechConfig } from '../../config.js';
import { AppError } from '../../platform/errors.js';
import {
  convertAudio,
  createSpeechEngines,
  SpeechError,
  type TSpeakRequest,
  type TSpeechChain,
  type TSpokenAudio,
} from '../../providers/speech/index.js';
import { createFairQueue, type TFairQueueLimits } from './fair-queue.js';

export { MP3_UNAVAILABLE, SPEECH_UNAVAILABLE } from '../../providers/speech/index.js';
export const SPEECH_TIMED_OUT = 'Rendering the audio took too long. Please try again.';

/** Speech is CPU-bound: more than this many at once would only slow every one of them down. */
export const MAX_RENDERS_AT_ONCE = 2;
/** Renders one station may have waiting (12 downloads in all with the two running). */
export const MAX_WAITING_PER_STATION = 10;
/** Renders waiting across all stations. */
export const MAX_WAITING_IN_TOTAL = 100;

export const AUDIO_CONTENT_TYPES: Record<TAudioFormat, string> = { wav: 'audio/wav', mp3: 'audio/mpeg' };

export type TSpeechRequest = Omit<TSpeakRequest, 'format'> & {
  /** Whose turn it is: renders are shared between stations, not first come first served. */
  stationId: string;
  /** The format wanted; none: whatever the voice answers in (a "Listen" sample). */
  format?: TAudioFormat;
};

export type TSpeechRenderer = {
  /** The configured voices, for Settings → Voice and the station's choice. */
  readonly chain: TSpeechChain;
  speak(request: TSpeechRequest): Promise<TSpokenAudio>;
  /** `speak` in the format asked for, as bytes. */
  render(request: TSpeechRequest & { format: TAudioFormat }): Promise<Buffer>;
};

export function createSpeechRenderer(
  config: TSpeechConfig,
  options: Partial<TFairQueueLimits> & { tmpDir?: string } = {},
): TSpeechRenderer {
  const queue = createFairQueue({
    slots: options.slots ?? MAX_RENDERS_AT_ONCE,
    waitingPerStation: options.waitingPerStation ?? MAX_WAITING_PER_STATION,
    waitingInTotal: options.waitingInTotal ?? MAX_WAITING_IN_TOTAL,
  });
  const chain = createSpeechEngines(config, { tmpDir: options.tmpDir });
  const lame = { lamePath: config.lamePath, timeoutMs: config.timeoutMs, tmpDir: options.tmpDir };

  async function speakNow({ stationId: _, format, ...request }: TSpeechRequest): Promise<TSpokenAudio> {
    try {
      const audio = await chain.speak({ ...request, format: format ?? 'mp3' });
      if (!format || audio.format === format) return audio;
      return { bytes: await convertAudio(lame, audio, format), format };
    } catch (error) {
      throw refusal(error, request.language);
    }
  }

  const speak = (request: TSpeechRequest) => queue.run(request.stationId, () => speakNow(request));
  return {
    chain,
    speak,
    render: async (request) => (await speak(request)).bytes,
  };
}

/** An engine's failure as the refusal the browser words (decision 0028). */
function refusal(error: unknown, language: TLanguageCode): unknown {
  if (!(error instanceof SpeechError)) return error;
  switch (error.details.reason) {
    case 'chinese_characters':
      return new AppError('speech_needs_cloud_voice', { language_name: languageName(language) });
    case 'missing':
      return new AppError('speech_unavailable', { detail: error.message });
    case 'timeout':
      return new AppError('speech_timed_out');
    default:
      return new AppError('speech_failed', { detail: error.message });
  }
}
