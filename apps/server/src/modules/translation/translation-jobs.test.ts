// Translation jobs are never lost: a pending row without a job is queued again (when a node starts
// and by the minute sweep), never twice; queuing commits with the rows; concurrent hand
// corrections get consecutive revisions.
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { messageTranslations } from '../../db/schema/index.js';
import { messageParts } from '../../message-parts.js';
import { startJobRunner } from '../../platform/jobs.js';
import { createTestApp } from '../../test/app.js';
import { createStationWithAdmin } from '../../test/factories.js';
import { createMessage } from '../../test/messages-factory.js';
import { readUntil } from '../../test/poll.js';
import { prefixEngine } from '../../test/prefix-engine.js';
import { insertTranslation } from '../messages/repo.js';
import {
  editTranslation,
  type TTranslationQueue,
  createMessage as writeMessage,
} from '../messages/service.js';
import { TRANSLATE_QUEUE, translationQueue } from './queue.js';
import { requeueStalePending, SWEEP_QUEUE } from './sweep.js';
import { startTranslationWorker } from './worker.js';

const engine = prefixEngine;
const events = {
  publish: async () => {},
  deliverHere: () => {},
  listening: () => false,
  subscribe: () => () => {},
  close: async () => {},
};

describe('translation jobs', async () => {
  const { db, database } = await createTestApp({ translation: engine, workers: true });
  const { station, admin } = await createStationWithAdmin(db, {
    slug: 'tidefm',
    languages: ['en', 'es', 'fr'],
  });
  // Another node on the same database: it queues and cancels jobs but translates nothing.
  const node = await startJobRunner(database);
  afterAll(() => node.stop());
  const otherNodeQueue = translationQueue(node.boss);
  /** What a route hands the messages service. */
  const serviceContext = (queue: TTranslationQueue) => ({
    db,
    events,
    translationQueue: queue,
    now: new Date(),
    stationId: station.id,
    userId: admin.id,
    messageParts: messageParts(),
  });

  /** A pending row committed by a node that crashed before queuing its job. */
  async function orphanRow(updatedAt = new Date()) {
    const message = await createMessage(db, station.id, { original: 'Roads are closed.' });
    await insertTranslation(db, {
      messageId: message.id,
      stationId: station.id,
      languageCode: 'es',
      status: 'pending',
      updatedAt,
    });
    return message.id;
  }
  const rowOf = async (messageId: string) =>
    (await db.select().from(messageTranslations).where(eq(messageTranslations.messageId, messageId)))[0];
  const translated = (messageId: string) =>
    readUntil(
      () => rowOf(messageId),
      (row) => row?.status !== 'pending',
    );
  /** Every translate job of the message, live or done, oldest first. */
  const jobsOf = async (messageId: string) => {
    const result = await db.execute(sql`
      select id, state from pgboss.job
      where name = ${TRANSLATE_QUEUE} and data->>'messageId' = ${messageId} order by created_on`);
    return (result as { rows: { id: string; state: string }[] }).rows;
  };

  it('translates a pending row that lost its job as soon as a node starts', async () => {
    const messageId = await orphanRow();
    const restarted = await startJobRunner(database);
    try {
      await startTranslationWorker(restarted.boss, {
        db,
        events,
        provider: engine,
        now: () => new Date(),
        staleAfterSeconds: 0,
      });
      // Queued by the time the worker has started, not at the next minute's sweep.
      expect(await jobsOf(messageId)).toHaveLength(1);
      expect(await translated(messageId)).toMatchObject({
        status: 'completed',
        translatedText: '[es] Roads are closed.',
      });
    } finally {
      await restarted.stop();
    }
  });

  it('sweeps every minute, leaving rows alone until they are stale', async () => {
    const schedules = await node.boss.getSchedules();
    expect(schedules.find((s) => s.name === SWEEP_QUEUE)).toMatchObject({ cron: '* * * * *' });

    const fresh = await orphanRow();
    const stale = await orphanRow(new Date(Date.now() - 10 * 60_000));
    // What the minute's sweep job does on whichever node takes it (the default is 2 minutes).
    await node.boss.send(SWEEP_QUEUE, {});
    expect(await translated(stale)).toMatchObject({ status: 'completed' });
    expect(await jobsOf(fresh)).toEqual([]);
    expect((await rowOf(fresh))?.status).toBe('pending');
  });

  it('never gives a row a second job while one is waiting', async () => {
    const messageId = await orphanRow();
    const row = await rowOf(messageId);
    // A job waiting for its turn (as in a retry backoff).
    const waiting = await node.boss.send(
      TRANSLATE_QUEUE,
      { stationId: station.id, messageId, language: 'es', revision: row?.revision },
      { startAfter: 3600 },
    );
    const sweep = () => requeueStalePending(db, otherNodeQueue, { now: new Date(), staleAfterSeconds: 0 });
    await sweep();
    await sweep();
    expect(await jobsOf(messageId)).toEqual([{ id: waiting, state: 'created' }]);

    // Once that job is gone, the row gets exactly one new job and is translated.
    await node.boss.cancel(TRANSLATE_QUEUE, waiting ?? '');
    await sweep();
    await sweep();
    expect(await translated(messageId)).toMatchObject({ status: 'completed' });
    // pg-boss marks the job completed just after the handler wrote the translation.
    const states = await readUntil(
      async () => (await jobsOf(messageId)).map((j) => j.state),
      (value) => !value.includes('active'),
    );
    expect(states).toEqual(['cancelled', 'completed']);
  });

  it('writes neither the message nor its translations when their jobs cannot be queued', async () => {
    const queueDown: TTranslationQueue = {
      enqueue: async () => {
        throw new Error('job runner unavailable');
      },
      wake: () => {},
    };
    const input: Parameters<typeof writeMessage>[1] = {
      title: 'Bridge closed',
      original: 'The bridge is closed.',
      original_language: 'en',
      target_languages: ['es', 'fr'],
      message_type: 'emergency',
    };
    await expect(writeMessage(serviceContext(queueDown), input)).rejects.toThrow('job runner unavailable');
    const rows = await db.execute(sql`select id from messages where original = 'The bridge is closed.'`);
    expect((rows as { rows: unknown[] }).rows).toEqual([]);
  });

  it('gives concurrent hand corrections consecutive revisions and keeps the last', async () => {
    const message = await createMessage(db, station.id, {
      original: 'Stay indoors.',
      translations: { es: '[es] Stay indoors.' },
    });
    // Every revision written to this row, in the order the writes happened.
    await db.execute(sql`create table translation_writes (message_id uuid, revision int, text text)`);
    await db.execute(
      sql.raw(`create function log_translation_write() returns trigger language plpgsql as $$
        begin
          insert into translation_writes values (new.message_id, new.revision, new.translated_text);
          return new;
        end $$`),
    );
    await db.execute(sql`create trigger log_translation_write after update on message_translations
      for each row execute function log_translation_write()`);

    const texts = ['Quédense adentro.', 'Permanezcan en casa.', 'No salgan.', 'Quédense en casa.'];
    const ctx = serviceContext(otherNodeQueue);
    await Promise.all(texts.map((text) => editTranslation(ctx, message.id, 'es', text)));

    const writes = (
      (await db.execute(
        sql`select revision, text from translation_writes where message_id = ${message.id} order by revision`,
      )) as { rows: { revision: number; text: string }[] }
    ).rows;
    expect(writes.map((w) => w.revision)).toEqual([2, 3, 4, 5]);
    expect(new Set(writes.map((w) => w.text))).toEqual(new Set(texts));
    expect(await rowOf(message.id)).toMatchObject({
      revision: 5,
      translatedText: writes.at(-1)?.text,
      review: 'corrected',
      status: 'completed',
    });
  });
});
