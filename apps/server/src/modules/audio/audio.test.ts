import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { skipWithout } from '../../../../../test-support/binaries.js';
import type { Db } from '../../db/client.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createStationWithAdmin } from '../../test/factories.js';
import { gatedEngine } from '../../test/gated-speech-engine.js';
import { measureAudio } from '../../test/sox.js';
import { insertMessage, insertTranslation } from '../messages/repo.js';
import { AUDIO_QUEUE_FULL } from './fair-queue.js';
import { MAX_RENDERS_AT_ONCE, MAX_WAITING_PER_STATION, SPEECH_UNAVAILABLE } from './speech.js';

const workDir = await mkdtemp(path.join(os.tmpdir(), 'ms-audio-test-'));
afterAll(() => rm(workDir, { recursive: true, force: true }));
/** The default speech configuration: espeak-ng only. */
const OFFLINE = {
  providers: ['espeak' as const],
  espeakPath: 'espeak-ng',
  lamePath: 'lame',
  timeoutMs: 30_000,
};

/** A message created at a known instant, with translations in the given states. */
async function createMessage(
  db: Db,
  stationId: string,
  translations: { language: string; status: 'completed' | 'pending' | 'failed'; text: string | null }[],
) {
  const message = await insertMessage(db, {
    stationId,
    title: 'Storm warning',
    original: 'Stay indoors until nine tonight. Roads near the river are closed.',
    originalLanguage: 'en',
    messageType: 'emergency',
    createdAt: new Date('2026-11-22T07:47:00Z'),
  });
  for (const t of translations) {
    await insertTranslation(db, {
      messageId: message.id,
      stationId,
      languageCode: t.language,
      translatedText: t.text,
      status: t.status,
    });
  }
  return message;
}

describe('message audio', async () => {
  // Real speech, measured with sox; the refusals below need neither.
  const noTools = skipWithout('espeak-ng', 'lame', 'sox');
  const { app, db } = await createTestApp();
  const riverside = await createStationWithAdmin(db, {
    slug: 'lakeside',
    languages: ['en', 'es', 'fr', 'zh'],
  });
  const other = await createStationWithAdmin(db, { slug: 'otherfm' });
  const message = await createMessage(db, riverside.station.id, [
    { language: 'es', status: 'completed', text: 'Quédese en casa hasta las nueve de la noche.' },
    { language: 'fr', status: 'pending', text: null },
    { language: 'de', status: 'failed', text: null },
    { language: 'zh', status: 'completed', text: '请留在室内，直到晚上九点。' },
  ]);
  const staff = new TestClient(app);
  await staff.login(riverside.adminEmail);
  const audioUrl = (query: string, id = message.id) => `/admin/api/messages/${id}/audio?${query}`;

  it.skipIf(noTools)(
    'speaks the original as WAV, named by the broadcast ID in the listener’s time zone',
    async () => {
      const response = await staff.get(audioUrl('lang=en&format=wav&tz=America/Los_Angeles'));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('audio/wav');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="lakeside-radio_emergency_2026-11-21_2347_en.wav"',
      );
      expect(response.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
      const { duration, rms } = await measureAudio(response.rawPayload, 'wav');
      expect(duration).toBeGreaterThan(0.5);
      expect(rms).toBeGreaterThan(0.01);
    },
  );

  it.skipIf(noTools)(
    'speaks a completed translation; WAV is the default format and the zone defaults to UTC',
    async () => {
      const response = await staff.get(audioUrl('lang=es'));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="lakeside-radio_emergency_2026-11-22_0747_es.wav"',
      );
      const spanish = await measureAudio(response.rawPayload, 'wav');
      expect(spanish.duration).toBeGreaterThan(0.5);
      expect(spanish.rms).toBeGreaterThan(0.01);
    },
  );

  it.skipIf(noTools)('speaks Chinese characters with the Mandarin voice', async () => {
    const response = await staff.get(audioUrl('lang=zh&tz=Asia/Shanghai'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="lakeside-radio_emergency_2026-11-22_1547_zh.wav"',
    );
    const { duration, rms } = await measureAudio(response.rawPayload, 'wav');
    expect(duration).toBeGreaterThan(0.5);
    expect(rms).toBeGreaterThan(0.01);
  });

  it.skipIf(noTools)('encodes MP3 with lame', async () => {
    const response = await staff.get(audioUrl('lang=es&format=mp3&tz=Europe/Madrid'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/mpeg');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="lakeside-radio_emergency_2026-11-22_0847_es.mp3"',
    );
    const bytes = response.rawPayload;
    // An ID3 tag or straight away an MPEG frame (11 sync bits set).
    const framed = bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0;
    expect(bytes.subarray(0, 3).toString('latin1') === 'ID3' || framed).toBe(true);
    const { duration, rms } = await measureAudio(bytes, 'mp3');
    expect(duration).toBeGreaterThan(0.5);
    expect(rms).toBeGreaterThan(0.01);
  });

  it.each([
    ['fr', 'This message has no French text yet.'],
    ['de', 'This message has no German text yet.'],
    ['ko', 'This message has no Korean text yet.'],
  ])('answers 404 for %s, a translation that is not completed or not asked for', async (lang, error) => {
    const response = await staff.get(audioUrl(`lang=${lang}`));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error });
  });

  it.each([
    ['lang=xx', 'Unknown language.'],
    ['format=wav', 'Unknown language.'],
    ['lang=en&format=ogg', 'Format must be wav or mp3.'],
  ])('refuses %s with 400', async (query, error) => {
    const response = await staff.get(audioUrl(query));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error });
  });

  it('answers 404 for another station’s message or one that does not exist', async () => {
    const stranger = new TestClient(app);
    await stranger.login(other.adminEmail);
    const response = await stranger.get(audioUrl('lang=en'));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'Message not found' });
    const missing = await staff.get(audioUrl('lang=en', '00000000-0000-4000-8000-000000000000'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'Message not found' });
  });

  it.skipIf(noTools)('serves a superadmin viewing the station', async () => {
    const superadmin = new TestClient(app);
    await superadmin.login('superadmin@demo.test');
    expect((await superadmin.get(audioUrl('lang=en'))).statusCode).toBe(404);
    await superadmin.post(`/admin/api/superadmin/switch-station/${riverside.station.id}`);
    const response = await superadmin.get(audioUrl('lang=en'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('lakeside-radio_emergency_');
  });

  it('needs a signed-in user', async () => {
    const response = await new TestClient(app).get(audioUrl('lang=en'));
    expect(response.statusCode).toBe(401);
  });
});

describe('message audio without espeak-ng', async () => {
  const { app, db } = await createTestApp({
    config: {
      speech: { ...OFFLINE, espeakPath: path.join(workDir, 'no-espeak-ng') },
    },
  });
  const riverside = await createStationWithAdmin(db, { slug: 'lakeside' });
  const message = await createMessage(db, riverside.station.id, []);
  const staff = new TestClient(app);
  await staff.login(riverside.adminEmail);

  it('answers 503 with the reason', async () => {
    const response = await staff.get(`/admin/api/messages/${message.id}/audio?lang=en&format=mp3`);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ error: SPEECH_UNAVAILABLE });
  });
});

describe('message audio while a station has a full line', async () => {
  const gate = await gatedEngine(workDir);
  const { app, db } = await createTestApp({
    config: { speech: { ...OFFLINE, espeakPath: gate.engine, timeoutMs: 60_000 } },
  });
  const busy = await createStationWithAdmin(db, { slug: 'busyfm' });
  const quiet = await createStationWithAdmin(db, { slug: 'quietfm' });
  const spoken = (stationId: string, original: string) =>
    insertMessage(db, { stationId, title: 'News', original, originalLanguage: 'en', messageType: 'alert' });
  const busyMessage = await spoken(busy.station.id, 'busy');
  const quietMessage = await spoken(quiet.station.id, 'quiet');
  const busyStaff = new TestClient(app);
  await busyStaff.login(busy.adminEmail);
  const quietStaff = new TestClient(app);
  await quietStaff.login(quiet.adminEmail);

  it("refuses the station's next download with 429 and its code; another station is served", async () => {
    const admitted = MAX_RENDERS_AT_ONCE + MAX_WAITING_PER_STATION;
    const downloads = Array.from({ length: admitted + 1 }, () =>
      busyStaff.get(`/admin/api/messages/${busyMessage.id}/audio?lang=en`),
    );
    // Every render is held at the gate, so the one that answers now is the one refused.
    const refused = await Promise.race(downloads);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: AUDIO_QUEUE_FULL,
      code: 'audio_queue_full',
      params: {},
      limit: MAX_WAITING_PER_STATION,
    });

    const quietDownload = quietStaff.get(`/admin/api/messages/${quietMessage.id}/audio?lang=en`);
    await gate.open('quiet');
    await gate.open('busy');
    expect((await quietDownload).statusCode).toBe(200);
    const statuses = (await Promise.all(downloads)).map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(admitted);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
  });
});
