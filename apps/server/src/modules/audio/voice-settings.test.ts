// Settings → Voice through the API: the voices of the configured engines per station language, an
// admin's choice (checked, all or nothing, station-scoped), "Listen", the export speaking in the
// chosen voice with a fallback to espeak-ng, Japanese kanji read by the offline voice through the
// Japanese dictionary, and Korean hanja refused by it.
import { afterAll, describe, expect, it } from 'vitest';
import { skipWithout } from '../../../../../test-support/binaries.js';
import type { TConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createStationWithAdmin } from '../../test/factories.js';
import { startFakeGoogleTts, startFakeOpenAiSpeech } from '../../test/fake-speech-servers.js';
import { captureLogs } from '../../test/log-lines.js';
import { measureAudio } from '../../test/sox.js';
import { insertMessage } from '../messages/repo.js';
import { createUser } from '../users/service.js';
import { listStationVoices } from './voice-repo.js';

const GOOGLE_KEY = 'AIzaVoiceSettingsKey-4242';
const OPENAI_KEY = 'sk-voice-settings-key-4242';
const noTools = skipWithout('espeak-ng', 'lame', 'sox');

function speechConfig(
  google: { url: string },
  openai: { url: string },
  keys = { google: GOOGLE_KEY, openai: OPENAI_KEY },
): TConfig['speech'] {
  return {
    providers: ['google', 'openai', 'espeak'],
    espeakPath: 'espeak-ng',
    lamePath: 'lame',
    timeoutMs: 10_000,
    google: { apiKey: keys.google, apiUrl: google.url },
    openai: { baseUrl: `${openai.url}/v1`, apiKey: keys.openai, model: 'tts-1', voices: ['nova', 'alloy'] },
  };
}

const putVoices = (client: TestClient, body: unknown) =>
  client.request({ method: 'PUT', url: '/admin/api/settings/voice', body });

const spoken = (db: Db, stationId: string, original: string, originalLanguage: string) =>
  insertMessage(db, { stationId, title: 'Notice', original, originalLanguage, messageType: 'alert' });

describe.skipIf(noTools)('Settings → Voice', async () => {
  const google = await startFakeGoogleTts({ apiKey: GOOGLE_KEY });
  const openai = await startFakeOpenAiSpeech({ apiKey: OPENAI_KEY });
  afterAll(async () => {
    await google.close();
    await openai.close();
  });
  const { app, db } = await createTestApp({ config: { speech: speechConfig(google, openai) } });
  const lakeside = await createStationWithAdmin(db, { slug: 'lakeside', languages: ['en', 'es', 'ja'] });
  const other = await createStationWithAdmin(db, { slug: 'hillfm', languages: ['en', 'es'] });
  await createUser(db, {
    stationId: lakeside.station.id,
    email: 'staff@lakeside.test',
    password: 'demo1234',
    fullName: 'Lakeside Staff',
    role: 'user',
  });
  const admin = new TestClient(app);
  await admin.login(lakeside.adminEmail);
  const staff = new TestClient(app);
  await staff.login('staff@lakeside.test');
  const stranger = new TestClient(app);
  await stranger.login(other.adminEmail);

  it("lists each station language's voices, engine by engine, with the first as the default", async () => {
    const response = await staff.get('/admin/api/settings/voice');
    expect(response.statusCode).toBe(200);
    const { languages } = response.json();
    expect(languages.map((l: { language: string }) => l.language)).toEqual(['en', 'es', 'ja']);
    const japanese = languages[2];
    expect(japanese).toMatchObject({
      language: 'ja',
      voice: null,
      default_voice: 'google:ja-JP-Neural2-B',
      chinese_characters_refused: false,
    });
    expect(japanese.voices.map((v: { id: string }) => v.id)).toEqual([
      'google:ja-JP-Neural2-B',
      'google:ja-JP-Neural2-C',
      'openai:nova',
      'openai:alloy',
      'espeak:ja',
    ]);
    expect(japanese.voices[0]).toEqual({
      id: 'google:ja-JP-Neural2-B',
      engine: 'google',
      engine_label: 'Google Cloud Text-to-Speech',
      name: 'ja-JP-Neural2-B',
    });
    expect(response.body).not.toContain(GOOGLE_KEY);
    expect(response.body).not.toContain(OPENAI_KEY);
  });

  it('lets an admin choose voices; the offline Japanese voice reads kanji (the dictionary)', async () => {
    const response = await putVoices(admin, {
      voices: [
        { language: 'es', voice: 'openai:nova' },
        { language: 'ja', voice: 'espeak:ja' },
      ],
    });
    expect(response.statusCode).toBe(200);
    const [en, es, ja] = response.json().languages;
    expect(en).toMatchObject({ voice: null });
    expect(es).toMatchObject({ voice: 'openai:nova' });
    expect(ja).toMatchObject({ voice: 'espeak:ja', chinese_characters_refused: false });
    expect((await staff.get('/admin/api/settings/voice')).json().languages[1].voice).toBe('openai:nova');
  });

  it('refuses an unknown voice or a language the station lacks with 400, writing nothing', async () => {
    const before = await listStationVoices(db, lakeside.station.id);
    const unknown = await putVoices(admin, {
      voices: [
        { language: 'en', voice: 'google:en-US-Neural2-D' },
        { language: 'es', voice: 'google:ja-JP-Neural2-B' },
      ],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      error: 'google:ja-JP-Neural2-B is not a voice this server has for Spanish.',
      code: 'voice_unknown',
      params: { voice: 'google:ja-JP-Neural2-B', language_name: 'Spanish' },
    });
    const notOffered = await putVoices(admin, {
      voices: [
        { language: 'en', voice: 'google:en-US-Neural2-D' },
        { language: 'fr', voice: 'espeak:fr-fr' },
      ],
    });
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json()).toMatchObject({
      code: 'voice_language_not_offered',
      params: { language_name: 'French' },
    });
    const malformed = await putVoices(admin, { voices: [{ language: 'xx', voice: 'espeak:en-us' }] });
    expect(malformed.statusCode).toBe(400);
    expect(await listStationVoices(db, lakeside.station.id)).toEqual(before);
  });

  it('is for admins: staff get 403 on changes and samples', async () => {
    const change = await putVoices(staff, { voices: [{ language: 'en', voice: 'espeak:en-us' }] });
    expect(change.statusCode).toBe(403);
    const sample = await staff.post('/admin/api/settings/voice/sample', { language: 'en' });
    expect(sample.statusCode).toBe(403);
    expect((await staff.get('/admin/api/settings/voice')).json().languages[0].voice).toBeNull();
  });

  it("keeps each station's choices its own", async () => {
    const theirs = await stranger.get('/admin/api/settings/voice');
    expect(theirs.json().languages.map((l: { voice: string | null }) => l.voice)).toEqual([null, null]);
    const change = await putVoices(stranger, { voices: [{ language: 'es', voice: 'espeak:es' }] });
    expect(change.statusCode).toBe(200);
    const ours = await admin.get('/admin/api/settings/voice');
    expect(ours.json().languages[1].voice).toBe('openai:nova');
    // Japanese is not theirs: neither to choose nor to sample.
    const japanese = await putVoices(stranger, { voices: [{ language: 'ja', voice: 'espeak:ja' }] });
    expect(japanese.statusCode).toBe(400);
    const sample = await stranger.post('/admin/api/settings/voice/sample', { language: 'ja' });
    expect(sample.statusCode).toBe(400);
  });

  it('goes back to the default with voice: null', async () => {
    await putVoices(admin, { voices: [{ language: 'en', voice: 'openai:alloy' }] });
    const response = await putVoices(admin, { voices: [{ language: 'en', voice: null }] });
    expect(response.json().languages[0]).toMatchObject({
      voice: null,
      default_voice: 'google:en-US-Neural2-F',
    });
    expect((await listStationVoices(db, lakeside.station.id)).map((row) => row.language).sort()).toEqual([
      'es',
      'ja',
    ]);
  });

  it('"Listen" speaks the sample in exactly the voice asked for, as the engine answers it', async () => {
    google.reset();
    const cloud = await admin.post('/admin/api/settings/voice/sample', {
      language: 'ja',
      voice: 'google:ja-JP-Neural2-C',
    });
    expect(cloud.statusCode).toBe(200);
    expect(cloud.headers['content-type']).toBe('audio/mpeg');
    expect(google.requests[0]?.json).toMatchObject({
      input: { text: 'これは ほうそうきょくの おしらせの こえです。' },
      voice: { languageCode: 'ja-JP', name: 'ja-JP-Neural2-C' },
    });
    const tone = await measureAudio(cloud.rawPayload, 'mp3');
    expect(tone.duration).toBeGreaterThan(0.5);

    // The station's own voice for Japanese is espeak-ng: kana, so it can read the sample.
    const offline = await admin.post('/admin/api/settings/voice/sample', { language: 'ja' });
    expect(offline.statusCode).toBe(200);
    expect(offline.headers['content-type']).toBe('audio/wav');
    const speech = await measureAudio(offline.rawPayload, 'wav');
    expect(speech.duration).toBeGreaterThan(1);
    expect(speech.rms).toBeGreaterThan(0.01);

    const unknown = await admin.post('/admin/api/settings/voice/sample', {
      language: 'en',
      voice: 'espeak:klingon',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'voice_unknown' });
  });

  it('exports audio in the station’s voice, in the format asked for', async () => {
    const message = await spoken(db, lakeside.station.id, 'Quédese en casa esta noche.', 'es');
    openai.reset();
    const mp3 = await admin.get(`/admin/api/messages/${message.id}/audio?lang=es&format=mp3`);
    expect(mp3.statusCode).toBe(200);
    expect(openai.requests).toHaveLength(1);
    expect(openai.requests[0]?.json).toEqual({
      model: 'tts-1',
      input: 'Quédese en casa esta noche.',
      voice: 'nova',
      response_format: 'mp3',
    });
    expect((await measureAudio(mp3.rawPayload, 'mp3')).rms).toBeGreaterThan(0.1);
    const wav = await admin.get(`/admin/api/messages/${message.id}/audio?lang=es&format=wav`);
    expect(wav.headers['content-type']).toBe('audio/wav');
    expect(openai.requests[1]?.json).toMatchObject({ response_format: 'wav' });
  });

  it('falls back to espeak-ng when the chosen cloud voice fails', async () => {
    const message = await spoken(db, lakeside.station.id, 'Quédese en casa.', 'es');
    openai.override({ kind: 'error', status: 503, body: { error: { message: 'Overloaded' } } });
    google.override({ kind: 'error', status: 500, body: { error: { message: 'Backend error' } } });
    const response = await admin.get(`/admin/api/messages/${message.id}/audio?lang=es&format=mp3`);
    openai.reset();
    google.reset();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/mpeg');
    const { duration, rms } = await measureAudio(response.rawPayload, 'mp3');
    expect(duration).toBeGreaterThan(0.5);
    expect(rms).toBeGreaterThan(0.01);
  });

  it('speaks Japanese with kanji in the offline voice the station chose, no cloud voice asked', async () => {
    const message = await spoken(db, lakeside.station.id, '今夜は外出しないでください。', 'ja');
    google.reset();
    const response = await admin.get(`/admin/api/messages/${message.id}/audio?lang=ja&format=mp3`);
    expect(response.statusCode).toBe(200);
    expect(google.requests).toHaveLength(0);
    expect((await measureAudio(response.rawPayload, 'mp3')).rms).toBeGreaterThan(0.01);
  });
});

describe.skipIf(noTools)('server voices with espeak-ng alone', async () => {
  const { app, db } = await createTestApp();
  const station = await createStationWithAdmin(db, { slug: 'kanjifm', languages: ['ja', 'ko', 'zh'] });
  const admin = new TestClient(app);
  await admin.login(station.adminEmail);

  it('offers only espeak-ng and says Korean refuses Chinese characters (hanja)', async () => {
    const { languages } = (await admin.get('/admin/api/settings/voice')).json();
    expect(languages.map((l: { default_voice: string }) => l.default_voice)).toEqual([
      'espeak:ja',
      'espeak:ko',
      'espeak:cmn-latn-pinyin',
    ]);
    expect(
      languages.map((l: { chinese_characters_refused: boolean }) => l.chinese_characters_refused),
    ).toEqual([false, true, false]);
  });

  it('refuses Korean audio with hanja in plain words (422) instead of saying "Chinese letter"', async () => {
    const message = await spoken(db, station.station.id, '漢字 한국어 안내입니다.', 'ko');
    const response = await admin.get(`/admin/api/messages/${message.id}/audio?lang=ko`);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error:
        'Korean audio of text with Chinese characters (kanji, hanja) needs a cloud voice: the offline voice would read each one as "Chinese letter". An admin can choose one in Settings → Voice.',
      code: 'speech_needs_cloud_voice',
      params: { language_name: 'Korean' },
    });
  });

  it('speaks Japanese with kanji with espeak-ng, read through the dictionary', async () => {
    const message = await spoken(db, station.station.id, '東京は今夜、大雨です。', 'ja');
    const response = await admin.get(`/admin/api/messages/${message.id}/audio?lang=ja`);
    expect(response.statusCode).toBe(200);
    const { duration, rms } = await measureAudio(response.rawPayload, 'wav');
    expect(duration).toBeGreaterThan(1);
    expect(rms).toBeGreaterThan(0.01);
  });

  it('speaks Japanese written in kana with espeak-ng', async () => {
    const message = await spoken(
      db,
      station.station.id,
      'こんやは おおあめです。そとに でないで ください。',
      'ja',
    );
    const response = await admin.get(`/admin/api/messages/${message.id}/audio?lang=ja`);
    expect(response.statusCode).toBe(200);
    const { duration, rms } = await measureAudio(response.rawPayload, 'wav');
    expect(duration).toBeGreaterThan(1.5);
    expect(rms).toBeGreaterThan(0.01);
  });
});

describe.skipIf(noTools)('a cloud voice that refuses its key', async () => {
  const google = await startFakeGoogleTts({ apiKey: 'AIzaTheRightKey' });
  const openai = await startFakeOpenAiSpeech({ apiKey: 'sk-the-right-key' });
  afterAll(async () => {
    await google.close();
    await openai.close();
  });
  const { lines, logger } = captureLogs();
  const { app, db } = await createTestApp({
    config: { speech: speechConfig(google, openai) },
    logger,
  });
  const station = await createStationWithAdmin(db, { slug: 'keyfm', languages: ['en'] });
  const admin = new TestClient(app);
  await admin.login(station.adminEmail);

  it('answers 502 with the reason in plain words; neither answer nor log holds the key', async () => {
    const googleSample = await admin.post('/admin/api/settings/voice/sample', { language: 'en' });
    expect(googleSample.statusCode).toBe(502);
    expect(googleSample.json()).toMatchObject({
      code: 'speech_failed',
      error:
        'The voice could not read the text: Google Cloud Text-to-Speech refused the API key (check GOOGLE_TTS_API_KEY) (HTTP 400): API key not valid. Please pass a valid API key.',
    });
    const openaiSample = await admin.post('/admin/api/settings/voice/sample', {
      language: 'en',
      voice: 'openai:nova',
    });
    expect(openaiSample.statusCode).toBe(502);
    expect(openaiSample.json().error).toBe(
      'The voice could not read the text: The OpenAI-compatible speech endpoint refused the API key (check OPENAI_TTS_API_KEY) (HTTP 401)',
    );
    // The fake OpenAI quotes the key it was given, as the real one quotes part of it.
    for (const text of [googleSample.body, openaiSample.body, lines.join('')]) {
      expect(text).not.toContain(GOOGLE_KEY);
      expect(text).not.toContain(OPENAI_KEY);
    }
    expect(lines.length).toBeGreaterThan(0);
  });
});
