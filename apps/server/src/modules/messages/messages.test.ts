import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageTranslations } from '../../db/schema/index.js';
import { TranslationError, type TTranslationProvider } from '../../providers/translation/types.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createStationWithAdmin } from '../../test/factories.js';
import { readUntil } from '../../test/poll.js';
import { runTranslationJob } from '../translation/worker.js';

/** Translates by tagging; Korean is covered by no engine; French fails twice then works. */
function fakeEngine() {
  const calls: string[] = [];
  let frenchFailures = 0;
  const engine: TTranslationProvider & { calls: string[]; failFrench(n: number): void } = {
    name: 'fake',
    calls,
    failFrench(n) {
      frenchFailures = n;
    },
    supports: (_from, to) => to !== 'ko',
    async translate({ text, from, to }) {
      calls.push(`${from}->${to}`);
      if (to === 'ko') {
        throw new TranslationError(
          'unsupported',
          `No translation engine for ${from}→${to}: set DEEPL_API_KEY or another provider`,
        );
      }
      if (to === 'fr' && frenchFailures > 0) {
        frenchFailures -= 1;
        throw new TranslationError('transient', 'Engine busy', 'fake', 503);
      }
      return `[${to}] ${text}`;
    },
  };
  return engine;
}

describe('messages', async () => {
  const engine = fakeEngine();
  const { app, db } = await createTestApp({ translation: engine, workers: true });
  const other = await createStationWithAdmin(db, { slug: 'otherfm' });
  const staff = new TestClient(app);
  await staff.login('user@demo.test');
  const stranger = new TestClient(app);
  await stranger.login(other.adminEmail);

  const body = (overrides: Record<string, unknown> = {}) => ({
    title: 'Storm warning',
    original: 'Stay indoors until 9 PM.',
    original_language: 'en',
    target_languages: ['es'],
    message_type: 'alert',
    ...overrides,
  });
  const getMessage = async (client: TestClient, id: string) =>
    (await client.get('/admin/api/messages')).json().find((m: { id: string }) => m.id === id);
  const settled = (client: TestClient, id: string) =>
    readUntil(
      () => getMessage(client, id),
      (m) => m?.translations.every((t: { translation_status: string }) => t.translation_status !== 'pending'),
    );

  it.each([
    [{ title: '  ' }, 'Please fill in all required fields'],
    [{ original: '' }, 'Please fill in all required fields'],
    [{ target_languages: [] }, 'Please select at least one target language'],
    [{ target_languages: ['en', 'es'] }, 'The original language cannot be a target language.'],
    [{ target_languages: ['xx'] }, 'Unknown language.'],
    [{ message_type: 'sports' }, 'Unknown message type.'],
  ])('refuses %o with "%s"', async (overrides, error) => {
    const response = await staff.post('/admin/api/messages', body(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error });
  });

  it('creates a message whose translations complete in the background, or fail with a reason', async () => {
    const response = await staff.post('/admin/api/messages', body({ target_languages: ['es', 'ko'] }));
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({ title: 'Storm warning', original_language: 'en', message_type: 'alert' });
    expect(created.target_languages).toEqual(['es', 'ko']);
    expect(created.translations.map((t: { translation_status: string }) => t.translation_status)).toEqual([
      'pending',
      'pending',
    ]);
    const done = await settled(staff, created.id);
    const byLanguage = Object.fromEntries(
      done.translations.map((t: { language_code: string }) => [t.language_code, t]),
    );
    expect(byLanguage.es).toMatchObject({
      translation_status: 'completed',
      translated_text: '[es] Stay indoors until 9 PM.',
    });
    expect(byLanguage.ko).toMatchObject({
      translation_status: 'failed',
      error: 'No translation engine for en→ko: set DEEPL_API_KEY or another provider',
    });
    expect(done).toMatchObject({ translated: '[es] Stay indoors until 9 PM.', translated_language: 'es' });
  });

  it('retries transient failures', async () => {
    engine.failFrench(2);
    const created = (await staff.post('/admin/api/messages', body({ target_languages: ['fr'] }))).json();
    const done = await readUntil(
      () => getMessage(staff, created.id),
      (m) => m?.translations[0].translation_status !== 'pending',
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    expect(done.translations[0]).toMatchObject({
      translation_status: 'completed',
      translated_text: '[fr] Stay indoors until 9 PM.',
    });
  }, 40_000);

  it('gives up after the last retry with the reason', async () => {
    const created = (await staff.post('/admin/api/messages', body({ target_languages: ['de'] }))).json();
    await settled(staff, created.id);
    const [row] = await db
      .select()
      .from(messageTranslations)
      .where(eq(messageTranslations.messageId, created.id));
    // Run the job as its final attempt would, against an engine that is down.
    await db
      .update(messageTranslations)
      .set({ status: 'pending' })
      .where(eq(messageTranslations.id, row?.id ?? ''));
    const down: TTranslationProvider = {
      name: 'down',
      supports: () => true,
      translate: async () => {
        throw new TranslationError('transient', 'DeepL did not answer in time');
      },
    };
    const deps = { db, events: { publish: async () => {} } as never, provider: down, now: () => new Date() };
    const job = {
      stationId: row?.stationId ?? '',
      messageId: created.id,
      language: 'de',
      revision: row?.revision ?? 1,
    };
    await expect(runTranslationJob(deps, job, { retryCount: 0, retryLimit: 3 })).rejects.toThrow();
    await runTranslationJob(deps, job, { retryCount: 3, retryLimit: 3 });
    const after = await getMessage(staff, created.id);
    expect(after.translations[0]).toMatchObject({
      translation_status: 'failed',
      error: 'DeepL did not answer in time (gave up after 4 tries)',
    });
  });

  it('re-translates on edit but keeps a hand correction of the same original', async () => {
    const created = (
      await staff.post('/admin/api/messages', body({ target_languages: ['es', 'it'] }))
    ).json();
    await settled(staff, created.id);
    const corrected = await staff.request({
      method: 'PUT',
      url: `/admin/api/messages/${created.id}/translations/es`,
      body: { translated_text: 'Quédense en casa hasta las 9 PM.' },
    });
    expect(corrected.statusCode).toBe(200);
    expect(
      corrected.json().translations.find((t: { language_code: string }) => t.language_code === 'es'),
    ).toMatchObject({
      edited: true,
      translated_text: 'Quédense en casa hasta las 9 PM.',
    });

    // Same original, new title: the correction stays; Italian is translated again.
    const retitled = await staff.request({
      method: 'PUT',
      url: `/admin/api/messages/${created.id}`,
      body: body({ title: 'Storm warning (update)', target_languages: ['es', 'it'] }),
    });
    expect(retitled.statusCode).toBe(200);
    let current = await settled(staff, created.id);
    expect(current.title).toBe('Storm warning (update)');
    expect(
      current.translations.find((t: { language_code: string }) => t.language_code === 'es'),
    ).toMatchObject({
      edited: true,
      translated_text: 'Quédense en casa hasta las 9 PM.',
    });

    // A new original gets a new translation, the correction is kept beside it for staff to
    // choose (review.test.ts), and a removed target goes away.
    await staff.request({
      method: 'PUT',
      url: `/admin/api/messages/${created.id}`,
      body: body({ original: 'Roads are closed.', target_languages: ['es'] }),
    });
    current = await settled(staff, created.id);
    expect(current.target_languages).toEqual(['es']);
    expect(current.translations[0]).toMatchObject({
      edited: false,
      translated_text: '[es] Roads are closed.',
      previous_correction: 'Quédense en casa hasta las 9 PM.',
    });
  });

  it('filters by type and searches', async () => {
    await staff.post(
      '/admin/api/messages',
      body({ title: 'Bake sale', original: 'Cookies on Friday', message_type: 'informational' }),
    );
    const informational = (await staff.get('/admin/api/messages?type=informational')).json();
    expect(informational.map((m: { title: string }) => m.title)).toEqual(['Bake sale']);
    const found = (await staff.get('/admin/api/messages?search=cookies')).json();
    expect(found.map((m: { title: string }) => m.title)).toEqual(['Bake sale']);
  });

  it('answers 404 for another station’s message on every endpoint', async () => {
    const created = (await staff.post('/admin/api/messages', body())).json();
    const calls = [
      stranger.request({ method: 'PUT', url: `/admin/api/messages/${created.id}`, body: body() }),
      stranger.request({ method: 'DELETE', url: `/admin/api/messages/${created.id}` }),
      stranger.request({
        method: 'PUT',
        url: `/admin/api/messages/${created.id}/translations/es`,
        body: { translated_text: 'x' },
      }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(404);
    }
    expect((await stranger.get('/admin/api/messages')).json()).toEqual([]);
    expect(await getMessage(staff, created.id)).toBeTruthy();
  });

  it('deletes', async () => {
    const created = (await staff.post('/admin/api/messages', body())).json();
    const response = await staff.request({ method: 'DELETE', url: `/admin/api/messages/${created.id}` });
    expect(response.json()).toEqual({ ok: true });
    expect(await getMessage(staff, created.id)).toBeUndefined();
  });

  it('describes the station', async () => {
    const response = await staff.get('/admin/api/station');
    expect(response.json()).toMatchObject({
      slug: 'demo',
      display_name: 'Demo Radio',
      sms_enabled: true,
      sms_credits_balance: 500,
    });
  });
});

describe('message stream', async () => {
  const { app, db } = await createTestApp({ translation: fakeEngine(), workers: true });
  const other = await createStationWithAdmin(db, { slug: 'otherfm' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  async function open(client: TestClient) {
    const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const controller = new AbortController();
    const response = await fetch(`${base}/admin/api/messages/stream`, {
      headers: { cookie },
      signal: controller.signal,
    });
    const reader = response.body?.getReader();
    const decoder = new TextDecoder();
    const events: { event: string; data: Record<string, unknown> }[] = [];
    let buffer = '';
    const pump = (async () => {
      for (;;) {
        const chunk = await reader?.read().catch(() => undefined);
        if (!chunk || chunk.done) return;
        buffer += decoder.decode(chunk.value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
          end = buffer.indexOf('\n\n');
        }
      }
    })();
    return {
      response,
      events,
      close: () => {
        controller.abort();
        return pump;
      },
    };
  }

  it('delivers the station’s events to its own clients only', async () => {
    const mine = new TestClient(app);
    await mine.login('admin@demo.test');
    const theirs = new TestClient(app);
    await theirs.login(other.adminEmail);
    const a = await open(mine);
    const b = await open(theirs);
    expect(a.response.headers.get('content-type')).toContain('text/event-stream');

    const created = (
      await mine.post('/admin/api/messages', {
        title: 'Live',
        original: 'Hello',
        original_language: 'en',
        target_languages: ['es'],
        message_type: 'station',
      })
    ).json();
    await readUntil(
      async () => a.events,
      (events) => events.some((e) => e.event === 'translation_updated'),
    );
    await mine.request({
      method: 'PUT',
      url: `/admin/api/messages/${created.id}`,
      body: {
        title: 'Live 2',
        original: 'Hello',
        original_language: 'en',
        target_languages: ['es'],
        message_type: 'station',
      },
    });
    await mine.request({ method: 'DELETE', url: `/admin/api/messages/${created.id}` });
    await readUntil(
      async () => a.events,
      (events) => events.some((e) => e.event === 'message_deleted'),
    );
    const names = a.events.map((e) => e.event);
    expect(names[0]).toBe('connected');
    expect(names).toEqual(
      expect.arrayContaining([
        'message_created',
        'translation_updated',
        'message_updated',
        'message_deleted',
      ]),
    );
    expect(a.events.find((e) => e.event === 'translation_updated')?.data).toMatchObject({
      message_id: created.id,
      language_code: 'es',
      translation_status: 'completed',
    });
    expect(b.events.map((e) => e.event)).toEqual(['connected']);
    await a.close();
    await b.close();
  });

  it('refuses a visitor without a session', async () => {
    const response = await fetch(`${base}/admin/api/messages/stream`);
    expect(response.status).toBe(401);
  });
});
