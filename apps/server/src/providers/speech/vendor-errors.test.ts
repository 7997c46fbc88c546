// Every way a cloud voice fails in the wild (test/vendor-failures.ts: a JSON error without
// `message`, a gateway's HTML page, an empty body, 429 with Retry-After, 503, no answer, a body that
// stalls) at Google Cloud Text-to-Speech and an OpenAI-compatible speech endpoint, served by their
// loopback fakes: each ends in a SpeechError of the right kind, with a message fit for a log line
// and never the key, within the engine's deadline (a timeout says so, which the audio module words
// as speech_timed_out); and the speech chain, the engines' caller, speaks with the next engine.
import { afterAll, describe, expect, it } from 'vitest';
import { skipWithout } from '../../../../../test-support/binaries.js';
import { startFakeGoogleTts, startFakeOpenAiSpeech } from '../../test/fake-speech-servers.js';
import { expectSafeLogLine, statusOf, VENDOR_FAILURE_SHAPES } from '../../test/vendor-failures.js';
import { createSpeechChain } from './chain.js';
import { createGoogleSpeechEngine } from './google.js';
import { createOpenAiSpeechEngine } from './openai.js';
import { SpeechError, type TSpeechEngine } from './types.js';

const GOOGLE_KEY = 'AIzaSecretGoogleKey-0123456789';
const OPENAI_KEY = 'sk-secret-openai-key-0123456789';
// Generous where an answer comes (a loaded machine is slow), short where none will.
const PATIENT = { timeoutMs: 10_000 };
const HASTY = { timeoutMs: 500 };

describe.skipIf(skipWithout('lame'))('cloud voices failing', async () => {
  const googleFake = await startFakeGoogleTts({ apiKey: GOOGLE_KEY });
  const openAiFake = await startFakeOpenAiSpeech({ apiKey: OPENAI_KEY });
  afterAll(async () => {
    await googleFake.close();
    await openAiFake.close();
  });
  const google = (options: { timeoutMs: number }) =>
    createGoogleSpeechEngine({ apiKey: GOOGLE_KEY, apiUrl: googleFake.url }, options);
  const openAi = (options: { timeoutMs: number }) =>
    createOpenAiSpeechEngine(
      { baseUrl: `${openAiFake.url}/v1`, apiKey: OPENAI_KEY, model: 'tts-1', voices: ['alloy', 'nova'] },
      options,
    );

  const CASES: {
    name: string;
    fake: typeof googleFake;
    secret: string;
    engine: (options: { timeoutMs: number }) => TSpeechEngine;
    other: TSpeechEngine;
  }[] = [
    {
      name: 'Google Cloud Text-to-Speech',
      fake: googleFake,
      secret: GOOGLE_KEY,
      engine: google,
      other: openAi(PATIENT),
    },
    {
      name: 'OpenAI-compatible speech',
      fake: openAiFake,
      secret: OPENAI_KEY,
      engine: openAi,
      other: google(PATIENT),
    },
  ];

  describe.each(CASES)('$name', (voiceCase) => {
    it('speaks when the vendor answers (the fake as it normally is)', async () => {
      const engine = voiceCase.engine(PATIENT);
      const [voice] = engine.voices('en');
      const audio = await engine.synthesize({
        text: 'Boil water.',
        language: 'en',
        voice: voice as string,
        format: 'wav',
      });
      expect(audio.format).toBe('wav');
    });

    it.each(VENDOR_FAILURE_SHAPES)(
      '$name: a typed $expected error, and the chain moves on',
      async (shape) => {
        const engine = voiceCase.engine(shape.timeout ? HASTY : PATIENT);
        const [voice] = engine.voices('en');
        voiceCase.fake.override(shape.failure);
        try {
          const error = await engine
            .synthesize({ text: 'Boil water.', language: 'en', voice: voice as string, format: 'wav' })
            .catch((thrown: unknown) => thrown);
          expect(error).toBeInstanceOf(SpeechError);
          const failure = error as SpeechError;
          expect(failure.kind).toBe(shape.expected);
          expect(failure.details.engine).toBe(engine.name);
          if (shape.timeout) expect(failure.details.reason).toBe('timeout');
          else if (statusOf(shape) >= 400) expect(failure.details.status).toBe(statusOf(shape));
          else expect(failure.message).toMatch(/answered without audio/);
          if (shape.retryAfterSeconds !== undefined) {
            expect(failure.details.retryAfterSeconds).toBe(shape.retryAfterSeconds);
            expect(failure.message).toContain(`asked to wait ${shape.retryAfterSeconds} s`);
          }
          expectSafeLogLine(failure.message, voiceCase.secret);

          // The caller: the chain tries the other engine's voice and speaks with it.
          const chain = createSpeechChain([engine, voiceCase.other]);
          const spoken = await chain.speak({
            text: 'Boil water.',
            language: 'en',
            voice: `${engine.name}:${voice}`,
            format: 'wav',
          });
          expect(spoken.format).toBe('wav');
        } finally {
          voiceCase.fake.reset();
        }
      },
    );
  });
});
