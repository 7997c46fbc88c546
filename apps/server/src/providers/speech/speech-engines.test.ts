// Each cloud voice through its real client code against a loopback fake of its wire format, the
// offline espeak-ng for real (Japanese kanji read through the dictionary, numbers and times in
// Japanese, Korean and Mandarin), and the chain between them; audio is checked with sox.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { skipWithout } from '../../../../../test-support/binaries.js';
import { startFakeGoogleTts, startFakeOpenAiSpeech } from '../../test/fake-speech-servers.js';
import { measureAudio } from '../../test/sox.js';
import { createSpeechChain } from './chain.js';
import { createEspeakEngine, espeakMisreadsChineseCharacters, misreadByEspeak } from './espeak.js';
import { createGoogleSpeechEngine } from './google.js';
import { japaneseReader } from './japanese-reader.js';
import { createOpenAiSpeechEngine } from './openai.js';
import { SpeechError } from './types.js';

const run = promisify(execFile);

const GOOGLE_KEY = 'AIzaFakeGoogleKey-0123456789';
const OPENAI_KEY = 'sk-fake-openai-key-0123456789';
const timing = { timeoutMs: 5_000 };
const noTools = skipWithout('espeak-ng', 'lame', 'sox');

/** The failure a promise ends with, for asserting on its kind, reason and words. */
async function failureOf(promise: Promise<unknown>): Promise<SpeechError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SpeechError);
  return error as SpeechError;
}

describe.skipIf(noTools)('Google Cloud Text-to-Speech', async () => {
  const fake = await startFakeGoogleTts({ apiKey: GOOGLE_KEY });
  afterAll(() => fake.close());
  const google = createGoogleSpeechEngine({ apiKey: GOOGLE_KEY, apiUrl: fake.url }, timing);

  it('has natural voices in all nine languages', () => {
    for (const language of ['en', 'es', 'fr', 'de', 'it', 'pt', 'zh', 'ja', 'ko'] as const) {
      expect(google.voices(language).length).toBeGreaterThan(0);
    }
    expect(google.voices('ja')[0]).toMatch(/^ja-JP-/);
    expect(google.voices('zh')[0]).toMatch(/^cmn-CN-/);
  });

  it('posts text:synthesize with the key, the voice and its language code; WAV comes as LINEAR16', async () => {
    fake.reset();
    const audio = await google.synthesize({
      text: '東京は雨です。',
      language: 'ja',
      voice: 'ja-JP-Neural2-B',
      format: 'wav',
    });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.path).toBe('/v1/text:synthesize');
    expect(request?.query.key).toBe(GOOGLE_KEY);
    expect(request?.json).toEqual({
      input: { text: '東京は雨です。' },
      voice: { languageCode: 'ja-JP', name: 'ja-JP-Neural2-B' },
      audioConfig: { audioEncoding: 'LINEAR16' },
    });
    expect(audio.format).toBe('wav');
    const { duration, rms } = await measureAudio(audio.bytes, 'wav');
    expect(duration).toBeCloseTo(0.6, 1);
    expect(rms).toBeGreaterThan(0.1);
  });

  it('asks for MP3 and gets real MP3', async () => {
    fake.reset();
    const audio = await google.synthesize({
      text: 'Hola',
      language: 'es',
      voice: 'es-US-Neural2-A',
      format: 'mp3',
    });
    expect(fake.requests[0]?.json).toMatchObject({ audioConfig: { audioEncoding: 'MP3' } });
    expect(audio.format).toBe('mp3');
    const { duration, rms } = await measureAudio(audio.bytes, 'mp3');
    expect(duration).toBeGreaterThan(0.5);
    expect(rms).toBeGreaterThan(0.1);
  });

  it('says a refused key in plain words, permanently, without the key', async () => {
    const wrong = createGoogleSpeechEngine({ apiKey: 'AIzaWrongKey', apiUrl: fake.url }, timing);
    const failure = await failureOf(
      wrong.synthesize({ text: 'Hi', language: 'en', voice: 'en-US-Neural2-F', format: 'mp3' }),
    );
    expect(failure.kind).toBe('permanent');
    expect(failure.message).toBe(
      'Google Cloud Text-to-Speech refused the API key (check GOOGLE_TTS_API_KEY) (HTTP 400): API key not valid. Please pass a valid API key.',
    );
    expect(failure.message).not.toContain('AIzaWrongKey');
  });

  it('calls a rate limit or an outage transient, and gives up on a silent server at the deadline', async () => {
    fake.override({
      kind: 'error',
      status: 429,
      body: { error: { code: 429, status: 'RESOURCE_EXHAUSTED', message: 'Quota exceeded.' } },
    });
    const limited = await failureOf(
      google.synthesize({ text: 'Hi', language: 'en', voice: 'en-US-Neural2-F', format: 'mp3' }),
    );
    expect(limited).toMatchObject({
      kind: 'transient',
      message: 'Google Cloud Text-to-Speech is limiting the request rate (HTTP 429): Quota exceeded.',
    });
    fake.override({ kind: 'hang' });
    const impatient = createGoogleSpeechEngine({ apiKey: GOOGLE_KEY, apiUrl: fake.url }, { timeoutMs: 300 });
    const silent = await failureOf(
      impatient.synthesize({ text: 'Hi', language: 'en', voice: 'en-US-Neural2-F', format: 'mp3' }),
    );
    expect(silent).toMatchObject({
      kind: 'transient',
      message: 'Google Cloud Text-to-Speech did not answer within 0.3 s',
    });
    fake.reset();
  });
});

describe.skipIf(noTools)('OpenAI-compatible speech', async () => {
  const fake = await startFakeOpenAiSpeech({ apiKey: OPENAI_KEY });
  afterAll(() => fake.close());
  const config = {
    baseUrl: `${fake.url}/v1/`,
    apiKey: OPENAI_KEY,
    model: 'tts-1',
    voices: ['nova', 'alloy'],
  };
  const openai = createOpenAiSpeechEngine(config, timing);

  it('offers the configured voices in every language', () => {
    expect(openai.voices('ko')).toEqual(['nova', 'alloy']);
    expect(openai.voices('de')).toEqual(['nova', 'alloy']);
  });

  it('posts /audio/speech with the bearer key, model, voice and format; answers real WAV and MP3', async () => {
    fake.reset();
    const wav = await openai.synthesize({ text: 'Guten Tag', language: 'de', voice: 'nova', format: 'wav' });
    const [request] = fake.requests;
    expect(request?.path).toBe('/v1/audio/speech');
    expect(request?.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    expect(request?.json).toEqual({
      model: 'tts-1',
      input: 'Guten Tag',
      voice: 'nova',
      response_format: 'wav',
    });
    expect(wav.format).toBe('wav');
    expect((await measureAudio(wav.bytes, 'wav')).duration).toBeCloseTo(0.8, 1);
    const mp3 = await openai.synthesize({ text: 'Guten Tag', language: 'de', voice: 'alloy', format: 'mp3' });
    expect(mp3.format).toBe('mp3');
    const heard = await measureAudio(mp3.bytes, 'mp3');
    expect(heard.duration).toBeGreaterThan(0.7);
    expect(heard.rms).toBeGreaterThan(0.1);
  });

  it('sends no Authorization header to a local server without a key', async () => {
    const local = await startFakeOpenAiSpeech();
    try {
      const engine = createOpenAiSpeechEngine(
        { ...config, baseUrl: `${local.url}/v1`, apiKey: undefined },
        timing,
      );
      await engine.synthesize({ text: 'Hi', language: 'en', voice: 'nova', format: 'mp3' });
      expect(local.requests[0]?.headers.authorization).toBeUndefined();
    } finally {
      await local.close();
    }
  });

  it('leaves out the part of the key the vendor quotes when it refuses it', async () => {
    const wrong = createOpenAiSpeechEngine({ ...config, apiKey: 'sk-wrong-key-987' }, timing);
    const failure = await failureOf(
      wrong.synthesize({ text: 'Hi', language: 'en', voice: 'nova', format: 'mp3' }),
    );
    expect(failure.kind).toBe('permanent');
    expect(failure.message).toBe(
      'The OpenAI-compatible speech endpoint refused the API key (check OPENAI_TTS_API_KEY) (HTTP 401)',
    );
    expect(failure.message).not.toContain('sk-wrong');
  });

  it("words an unknown voice with the vendor's reason and a 503 as transient", async () => {
    const unknown = await failureOf(
      openai.synthesize({ text: 'Hi', language: 'en', voice: 'bella', format: 'mp3' }),
    );
    expect(unknown).toMatchObject({
      kind: 'permanent',
      message:
        'The OpenAI-compatible speech endpoint refused the request (HTTP 400): Voice bella is not available.',
    });
    fake.override({ kind: 'error', status: 503, body: { error: { message: 'Overloaded' } } });
    const busy = await failureOf(
      openai.synthesize({ text: 'Hi', language: 'en', voice: 'nova', format: 'mp3' }),
    );
    expect(busy).toMatchObject({
      kind: 'transient',
      message: 'The OpenAI-compatible speech endpoint is unavailable (HTTP 503): Overloaded',
    });
    fake.reset();
  });
});

describe.skipIf(noTools)('espeak-ng and the chain', async () => {
  const google = await startFakeGoogleTts({ apiKey: GOOGLE_KEY });
  afterAll(() => google.close());
  const espeak = createEspeakEngine({ espeakPath: 'espeak-ng', timeoutMs: 30_000 });
  const cloud = createGoogleSpeechEngine({ apiKey: GOOGLE_KEY, apiUrl: google.url }, timing);

  it('knows which texts espeak-ng would refuse for their Chinese characters', () => {
    // Japanese kanji are read through the dictionary; without it, they would be "Chinese letter".
    expect(misreadByEspeak('ja', '東京は雨です')).toBe(false);
    expect(espeakMisreadsChineseCharacters('ja')).toBe(false);
    expect(espeakMisreadsChineseCharacters('ja', null)).toBe(true);
    expect(misreadByEspeak('ko', '漢字 한국')).toBe(true);
    expect(misreadByEspeak('ko', '오늘 밤 9시까지 실내에 머무르세요.')).toBe(false);
    // Mandarin's voice reads the characters themselves.
    expect(misreadByEspeak('zh', '请留在室内')).toBe(false);
  });

  it('speaks Japanese kana, Korean hangul and Chinese with espeak-ng', async () => {
    for (const [language, voice, text] of [
      ['ja', 'ja', 'きょうは あめです。ラジオを きいてください。'],
      ['ko', 'ko', '오늘 밤 9시까지 실내에 머무르세요.'],
      ['zh', 'cmn-latn-pinyin', '请留在室内，直到晚上九点。'],
    ] as const) {
      const audio = await espeak.synthesize({ text, language, voice, format: 'wav' });
      const { duration, rms } = await measureAudio(audio.bytes, 'wav');
      expect(duration, language).toBeGreaterThan(1);
      expect(rms, language).toBeGreaterThan(0.01);
    }
  });

  it('refuses Korean hanja, a kanji the dictionary cannot read, and kanji without the dictionary', async () => {
    const chain = createSpeechChain([espeak]);
    const hanja = await failureOf(chain.speak({ text: '漢字 한국어', language: 'ko', format: 'mp3' }));
    expect(hanja).toMatchObject({
      kind: 'unsupported',
      message: 'espeak-ng cannot read Korean text with Chinese characters (hanja: 漢字)',
      details: { reason: 'chinese_characters' },
    });
    // 髙 (a variant of 高 in names) is not in the dictionary.
    const unknown = await failureOf(
      chain.speak({ text: '髙橋さんが来ます。', language: 'ja', format: 'mp3' }),
    );
    expect(unknown).toMatchObject({
      kind: 'unsupported',
      message:
        'espeak-ng cannot read Japanese text with Chinese characters: the Japanese dictionary has no reading for 髙',
      details: { reason: 'chinese_characters' },
    });
    for (const [reader, why] of [
      [null, 'without the Japanese dictionary'],
      [
        japaneseReader(null),
        'without the Japanese dictionary, which could not be loaded: kuromoji is not installed',
      ],
    ] as const) {
      const without = createEspeakEngine({
        espeakPath: 'espeak-ng',
        timeoutMs: 30_000,
        japaneseReader: reader,
      });
      const failure = await failureOf(
        createSpeechChain([without]).speak({ text: '東京は雨です。', language: 'ja', format: 'mp3' }),
      );
      expect(failure).toMatchObject({
        kind: 'unsupported',
        message: `espeak-ng cannot read Japanese text with Chinese characters (東京雨) ${why}`,
        details: { reason: 'chinese_characters' },
      });
      // Kana alone is still read.
      const kana = await without.synthesize({
        text: 'あめです。',
        language: 'ja',
        voice: 'ja',
        format: 'wav',
      });
      expect((await measureAudio(kana.bytes, 'wav')).rms).toBeGreaterThan(0.01);
    }
  });

  it('gives Japanese with kanji to the cloud voice first; the default is the first engine’s voice', async () => {
    const chain = createSpeechChain([cloud, espeak]);
    expect(chain.defaultVoice('ja')?.id).toBe('google:ja-JP-Neural2-B');
    expect(chain.voices('ja').map((v) => v.id)).toContain('espeak:ja');
    google.reset();
    const audio = await chain.speak({ text: '東京は雨です。', language: 'ja', format: 'mp3' });
    expect(audio.format).toBe('mp3');
    expect(google.requests).toHaveLength(1);
  });

  it('falls back to espeak-ng when the cloud voice fails, and names both reasons when both do', async () => {
    const chain = createSpeechChain([cloud, espeak]);
    google.reset();
    google.override({ kind: 'error', status: 500, body: { error: { message: 'Backend error' } } });
    const audio = await chain.speak({
      text: 'Stay indoors.',
      language: 'en',
      voice: 'google:en-US-Neural2-D',
      format: 'mp3',
    });
    // espeak-ng answers in WAV; the renderer converts it to the format asked for.
    expect(audio.format).toBe('wav');
    expect((await measureAudio(audio.bytes, 'wav')).rms).toBeGreaterThan(0.01);
    expect(google.requests[0]?.json).toMatchObject({ voice: { name: 'en-US-Neural2-D' } });

    const both = await failureOf(chain.speak({ text: '漢字 한국어', language: 'ko', format: 'mp3' }));
    expect(both.kind).toBe('transient');
    expect(both.message).toBe(
      'Google Cloud Text-to-Speech is unavailable (HTTP 500): Backend error; espeak-ng cannot read Korean text with Chinese characters (hanja: 漢字)',
    );
    google.reset();
  });

  it('speaks only the chosen voice for a sample, and refuses a voice nobody has', async () => {
    const chain = createSpeechChain([cloud, espeak]);
    google.override({ kind: 'error', status: 500, body: { error: { message: 'Backend error' } } });
    const failure = await failureOf(
      chain.speak({
        text: 'Hi',
        language: 'en',
        voice: 'google:en-US-Neural2-F',
        format: 'mp3',
        exactVoice: true,
      }),
    );
    expect(failure.message).toContain('Google Cloud Text-to-Speech is unavailable');
    google.reset();
    const nobody = await failureOf(
      chain.speak({
        text: 'Hi',
        language: 'en',
        voice: 'azure:en-US-Jenny',
        format: 'mp3',
        exactVoice: true,
      }),
    );
    expect(nobody).toMatchObject({
      kind: 'unsupported',
      message: 'No speech engine has the voice azure:en-US-Jenny for English',
    });
  });
});

/** espeak-ng's phonemes (-x) without stress, pauses and word breaks: what is said, not how. */
const sounds = (phonemes: string) => phonemes.replace(/_[:!|]/g, '').replace(/[',\s]/g, '');
/** What espeak-ng says for "Chinese letter" and "Japanese letter" (in its English voice). */
const LETTER_NAMES = /\(en\)|tS'aIni:z|dZ'ap@ni:z/;

async function phonemesOf(voice: string, text: string): Promise<string> {
  return (await run('espeak-ng', ['-q', '-x', '-v', voice, text])).stdout;
}

describe.skipIf(noTools)(
  'espeak-ng reads Japanese kanji, and times in Japanese, Korean and Mandarin',
  async () => {
    // The server's espeak-ng, through a wrapper that adds -x: the phonemes of exactly what is spoken.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ms-espeak-phonemes-'));
    const log = path.join(dir, 'phonemes.txt');
    const wrapper = path.join(dir, 'espeak-ng');
    await fs.writeFile(wrapper, `#!/bin/sh\nexec espeak-ng -x "$@" > "${log}"\n`, { mode: 0o755 });
    afterAll(() => fs.rm(dir, { recursive: true, force: true }));
    const espeak = createEspeakEngine({ espeakPath: wrapper, timeoutMs: 30_000 });
    const speak = async (language: 'ja' | 'ko' | 'zh', voice: string, text: string) => {
      const audio = await espeak.synthesize({ text, language, voice, format: 'wav' });
      return { audio: await measureAudio(audio.bytes, 'wav'), phonemes: await fs.readFile(log, 'utf8') };
    };

    it('speaks a Japanese alert with kanji as its kana reading, within 1.5× of the kana alone', async () => {
      const kanji = '竜巻警報が発令されました。今すぐ頑丈な建物の地下に避難してください。';
      // The same words in kana as they are pronounced (long o written ー, as the dictionary gives it).
      const kana =
        'たつまき けいほーが はつれい されました。いま すぐ がんじょーな たてものの ちかに ひなん してください。';
      const spoken = await speak('ja', 'ja', kanji);
      expect(spoken.phonemes).not.toMatch(LETTER_NAMES);
      expect(sounds(spoken.phonemes)).toBe(sounds(await phonemesOf('ja', kana)));

      const wav = path.join(dir, 'kana.wav');
      await run('espeak-ng', ['-v', 'ja', '-w', wav, kana]);
      const kanaSeconds = (await measureAudio(await fs.readFile(wav), 'wav')).duration;
      expect(spoken.audio.rms).toBeGreaterThan(0.01);
      expect(spoken.audio.duration / kanaSeconds).toBeGreaterThan(1 / 1.5);
      expect(spoken.audio.duration / kanaSeconds).toBeLessThan(1.5);
    }, 60_000);

    it('reads a Japanese time as hour and minute in kana (9時30分 and 9:30: くじさんじゅっぷん)', async () => {
      const expected = sounds(await phonemesOf('ja', 'ごご くじさんじゅっぷんに ひなん'));
      for (const text of ['午後9時30分に避難', '午後9:30に避難', '午後９時３０分に避難']) {
        const spoken = await speak('ja', 'ja', text);
        expect(spoken.phonemes, text).not.toMatch(LETTER_NAMES);
        expect(sounds(spoken.phonemes), text).toBe(expected);
      }
    });

    it('reads a Korean hour in native numbers and its minutes in Sino-Korean ones', async () => {
      // espeak-ng alone reads "9시" as "gu si" (Sino-Korean 구).
      expect(await phonemesOf('ko', '9시')).toMatch(/^g'u/);
      const evening = await speak('ko', 'ko', '오후 9시에 대피하십시오');
      expect(evening.phonemes).toMatch(/ah'op s'i/); // 아홉 시
      expect(evening.phonemes).not.toMatch(/g'u/);
      expect(sounds(evening.phonemes)).toBe(sounds(await phonemesOf('ko', '오후 아홉 시에 대피하십시오')));
      const time = await speak('ko', 'ko', '오후 9:30에 대피하십시오');
      expect(sounds(time.phonemes)).toBe(
        sounds(await phonemesOf('ko', '오후 아홉 시 삼십 분에 대피하십시오')),
      );
    });

    it('reads a Mandarin time as hour and minute, and 2 o’clock as 两点', async () => {
      // espeak-ng alone reads "21:30" as two numbers, without 点 and 分.
      expect(sounds(await phonemesOf('cmn-latn-pinyin', '21:30'))).not.toContain('tiE');
      const time = await speak('zh', 'cmn-latn-pinyin', '请在21:30前离开。');
      expect(sounds(time.phonemes)).toBe(
        sounds(await phonemesOf('cmn-latn-pinyin', '请在二十一点三十分前离开。')),
      );
      const two = await speak('zh', 'cmn-latn-pinyin', '下午2点');
      expect(sounds(two.phonemes)).toBe(sounds(await phonemesOf('cmn-latn-pinyin', '下午两点')));
    });
  },
);
