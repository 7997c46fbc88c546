// A translation cut off by a crash is taken up again within about a minute (decision 0056), proven
// with the built server as a real process: its engine (a loopback fake of LibreTranslate) hangs
// on the first text, the server is killed with SIGKILL while waiting for it, and the server started
// again finishes the translation once pg-boss's supervision has failed the lost job (its expiry,
// 45 s) and retried it. Before, the job stayed active for pg-boss's default 15 minutes. The bound
// below is generous on purpose; the measured time is printed, not asserted.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startFakeLibreTranslate } from '../../test/fake-translation-servers.js';
import { waitUntil } from '../../test/poll.js';
import { HttpSession, startServerProcess, stopServerProcesses } from '../../test/server-process.js';
import { prepareServerDatabase } from '../../test/stall-probe.js';

const onPostgres = process.env.TEST_DB === 'postgres';
afterEach(stopServerProcesses);

describe('a translation cut off by a crash (real server processes)', async () => {
  const prepared = await prepareServerDatabase(['crashfm'], { postgres: onPostgres });
  const engine = await startFakeLibreTranslate();
  afterAll(async () => {
    await engine.close();
    await prepared.remove();
  });
  const [station] = prepared.stations as [(typeof prepared.stations)[number]];
  const env = {
    ...prepared.env,
    TRANSLATION_PROVIDERS: 'libretranslate',
    LIBRETRANSLATE_URL: engine.url,
  };

  it('is taken up again after SIGKILL and completes', async () => {
    // The first text never gets an answer: the server is killed while it waits.
    engine.override({ kind: 'hang', path: '/translate' });
    const first = await startServerProcess(env);
    const admin = new HttpSession(first.url);
    await admin.login(station.adminEmail);
    const created = await admin.request('POST', '/admin/api/messages', {
      title: 'Storm',
      original: 'Roads are closed.',
      original_language: 'en',
      target_languages: ['es'],
      message_type: 'alert',
    });
    expect(created.status, created.text).toBe(201);
    const messageId = created.json().id as string;
    await waitUntil(
      'the engine to be asked',
      async () => engine.requests.some((r) => r.path === '/translate'),
      {
        timeoutMs: 60_000,
        intervalMs: 100,
      },
    );
    first.kill('SIGKILL');
    await first.exited;
    engine.reset();

    const second = await startServerProcess(env);
    const restartedAt = Date.now();
    const again = new HttpSession(second.url);
    await again.login(station.adminEmail);
    type TListed = { id: string; translations: { language_code: string; translation_status: string }[] };
    const messageOf = async () =>
      ((await again.request('GET', '/admin/api/messages')).json() as TListed[]).find(
        (m) => m.id === messageId,
      );
    const statusOf = async () =>
      (await messageOf())?.translations.find((t) => t.language_code === 'es')?.translation_status;
    expect(await statusOf()).toBe('pending');
    await waitUntil(
      'the translation to complete after the restart',
      async () => (await statusOf()) === 'completed',
      {
        timeoutMs: 120_000,
        intervalMs: 500,
      },
    );
    const seconds = (Date.now() - restartedAt) / 1000;
    const message = await messageOf();
    expect(message?.translations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ language_code: 'es', translated_text: '[es] Roads are closed.' }),
      ]),
    );
    console.log(`translation completed ${seconds.toFixed(1)} s after the restart (the crash cut it off)`);
  }, 240_000);
});
