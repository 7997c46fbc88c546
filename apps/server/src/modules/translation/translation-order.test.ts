// The translate queue never idles and never makes an emergency wait: a message's
// languages are translated at once (up to TRANSLATION_CONCURRENCY), and an emergency queued behind
// other work is translated before it.
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.js';
import type { TTranslationProvider } from '../../providers/translation/types.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { TEST_CONFIG_ENV } from '../../test/db.js';
import { createStationWithAdmin } from '../../test/factories.js';

/** An engine that holds every translation until the test lets it go, recording what it was asked. */
function heldEngine() {
  const started: { text: string; to: string }[] = [];
  const waiting: (() => void)[] = [];
  let inFlight = 0;
  let mostAtOnce = 0;
  const engine: TTranslationProvider = {
    name: 'held',
    supports: () => true,
    async translate({ text, to }) {
      started.push({ text, to });
      inFlight += 1;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      await new Promise<void>((resolve) => waiting.push(resolve));
      inFlight -= 1;
      return `[${to}] ${text}`;
    },
  };
  return {
    engine,
    started,
    mostAtOnce: () => mostAtOnce,
    /** Lets every held translation finish. */
    releaseAll() {
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}

/** Waits until `done()` holds (vitest polls it, up to 10 s). */
async function until(done: () => boolean) {
  await vi.waitFor(() => expect(done()).toBe(true), { timeout: 10_000, interval: 25 });
}

async function stationApp(concurrency: number) {
  const held = heldEngine();
  const { translation } = loadConfig(TEST_CONFIG_ENV);
  const { app, db } = await createTestApp({
    translation: held.engine,
    workers: true,
    config: { translation: { ...translation, providers: [], providersSet: false, concurrency } },
  });
  const { adminEmail } = await createStationWithAdmin(db, {
    slug: `order${concurrency}`,
    languages: ['en', 'es', 'fr', 'de', 'it', 'pt'],
  });
  const staff = new TestClient(app);
  await staff.login(adminEmail);
  const create = async (original: string, type: string, targets: string[]) => {
    const response = await staff.post('/admin/api/messages', {
      title: original,
      original,
      original_language: 'en',
      target_languages: targets,
      message_type: type,
    });
    expect(response.statusCode).toBe(201);
  };
  return { held, create };
}

describe('translation order and pace', () => {
  it("translates a message's languages at the same time", async () => {
    const { held, create } = await stationApp(4);
    await create('Roads are closed.', 'alert', ['es', 'fr', 'de', 'it']);
    await until(() => held.started.length === 4);
    // All four were asked for before any answered: none waited for another (or for a poll).
    expect(held.started.map((s) => s.to).sort()).toEqual(['de', 'es', 'fr', 'it']);
    expect(held.mostAtOnce()).toBe(4);
    held.releaseAll();
  });

  it('translates an emergency ahead of work queued before it', async () => {
    const { held, create } = await stationApp(1);
    await create('Bake sale on Friday.', 'informational', ['es']);
    await until(() => held.started.length === 1);
    // While the engine is busy, more news and then an emergency are queued.
    await create('New program schedule.', 'station', ['es', 'fr', 'de']);
    await create('Evacuate the riverside now.', 'emergency', ['es', 'fr']);
    held.releaseAll();
    for (let answered = 1; answered < 6; answered++) {
      await until(() => held.started.length > answered);
      held.releaseAll();
    }
    await until(() => held.started.length === 6);
    expect(held.started.map((s) => s.text)).toEqual([
      'Bake sale on Friday.',
      'Evacuate the riverside now.',
      'Evacuate the riverside now.',
      'New program schedule.',
      'New program schedule.',
      'New program schedule.',
    ]);
    held.releaseAll();
  });
});
