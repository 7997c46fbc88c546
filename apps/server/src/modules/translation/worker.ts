// Translation jobs: one per message and target language, run in the background through pg-boss.
// Transient engine failures are retried with backoff; anything else (or the last retry) marks the
// translation failed with the reason in words. A job for an outdated revision does nothing.
import type { TLanguageCode } from '@message-station/shared';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/client.js';
import type { TEventBus } from '../../platform/event-bus.js';
import { withRequestId } from '../../platform/request-context.js';
import {
  TranslationError,
  type TTranslationNotes,
  type TTranslationProvider,
} from '../../providers/translation/types.js';
import type { TTranslationJob, TTranslationQueue } from '../messages/service.js';
import * as messages from '../messages/service.js';
import { findStationById } from '../station/service.js';
import { recordWebhookEvent } from '../webhooks/index.js';
import { glossaryFor } from './glossary-service.js';
import { declareTranslateQueue, TRANSLATE_QUEUE, translateExpireSeconds, translationQueue } from './queue.js';
import type { TStationTranslation } from './station-chains.js';
import { requeueStalePending, STALE_AFTER_SECONDS, SWEEP_QUEUE } from './sweep.js';
import { engineLabel } from './trust-service.js';

export { TRANSLATE_QUEUE };

/** A job gives up this long before pg-boss would count it as lost (queue.ts translateExpireSeconds). */
export const JOB_DEADLINE_MARGIN_SECONDS = 5;

/**
 * `work` within `seconds`, or a transient failure: the job then ends (and is retried, or fails
 * with this reason) by its own code, before pg-boss fails it from outside while it still runs. An
 * engine call still going on ends at its own time limit; its answer is not used.
 */
async function withinSeconds<T>(work: Promise<T>, seconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new TranslationError('transient', `The translation engines did not finish within ${seconds} s`),
        ),
      seconds * 1000,
    );
  });
  work.catch(() => {});
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export type TTranslationWorkerDeps = {
  db: Db;
  events: TEventBus;
  now: () => Date;
  log?: { error(details: object, message: string): void; warn?(details: object, message: string): void };
  /** How long a pending row may go without a job before the sweep queues one (tests pass 0). */
  staleAfterSeconds?: number;
  /** One engine call's limit (TRANSLATION_TIMEOUT_MS): sets the job's expiry and deadline. */
  engineTimeoutMs?: number;
} & (
  | {
      /** Each station's chain: its own engines, then the operator's. */
      translations: Pick<TStationTranslation, 'chainFor' | 'enginesFor'>;
    }
  | {
      /** One chain for every station (tests of the job itself). */
      provider: TTranslationProvider;
    }
);

/** translation.completed / translation.failed for the station's webhooks. */
function recordTranslationWebhook(
  tx: Parameters<typeof recordWebhookEvent>[0],
  stationId: string,
  row: { messageId: string; languageCode: string; status: string; error: string | null },
  at: Date,
) {
  if (row.status !== 'completed' && row.status !== 'failed') return;
  return recordWebhookEvent(tx, {
    stationId,
    type: row.status === 'completed' ? 'translation.completed' : 'translation.failed',
    at,
    data: { message_id: row.messageId, language: row.languageCode, status: row.status, error: row.error },
  });
}

/**
 * The engine that wrote a text as the station's trust reads it: `station:deepl` for the station's
 * own engine, `operator:apertium` for the operator's (decision 0050).
 */
async function engineOf(deps: TTranslationWorkerDeps, stationId: string, used: TTranslationProvider) {
  if (!('translations' in deps)) return engineLabel('operator', used.name);
  const engines = await deps.translations.enginesFor(stationId);
  const match = engines.find((engine) => engine.provider === used);
  return match ? engineLabel(match.source, match.name) : engineLabel('operator', used.name);
}

/** Translates one job; returns normally when done (or outdated), throws to have it retried. */
export async function runTranslationJob(
  deps: TTranslationWorkerDeps,
  job: TTranslationJob,
  attempt: { retryCount: number; retryLimit: number },
) {
  const message = await messages.findMessage(deps.db, job.stationId, job.messageId);
  const [row] = (await messages.listTranslations(deps.db, job.stationId, [job.messageId])).filter(
    (t) => t.languageCode === job.language,
  );
  // Deleted, re-edited or corrected by hand since the job was queued.
  if (!message || !row || row.revision !== job.revision || row.status !== 'pending') return;

  const finish = async (values: Parameters<typeof messages.updateTranslation>[4]) => {
    // The translation and its webhook event (issue 23) commit together.
    const updated = await deps.db.transaction(async (tx) => {
      const row = await messages.updateTranslation(
        tx,
        job.stationId,
        job.messageId,
        job.language,
        { ...values, updatedAt: deps.now() },
        job.revision,
      );
      if (row) await recordTranslationWebhook(tx, job.stationId, row, deps.now());
      return row;
    });
    if (updated) {
      await deps.events.publish({
        stationId: job.stationId,
        type: 'translation_updated',
        data: { message_id: job.messageId, language_code: job.language, translation_status: updated.status },
      });
    }
  };

  const from = message.originalLanguage as TLanguageCode;
  const to = job.language as TLanguageCode;
  try {
    const provider = 'translations' in deps ? await deps.translations.chainFor(job.stationId) : deps.provider;
    const glossary = await glossaryFor(deps.db, job.stationId, to);
    const notes: TTranslationNotes = { unknownWords: [] };
    // The station's own name is never translated (decision 0050), nor are the names engines protect.
    const station = await findStationById(deps.db, job.stationId);
    const keep = station ? [station.displayName] : [];
    const deadline = translateExpireSeconds(deps.engineTimeoutMs) - JOB_DEADLINE_MARGIN_SECONDS;
    const text = await withinSeconds(
      Promise.resolve(provider.translate({ text: message.original, from, to, glossary, notes, keep })),
      deadline,
    );
    await finish({
      status: 'completed',
      translatedText: text,
      error: null,
      provider: await engineOf(deps, job.stationId, notes.engine ?? provider),
      unknownWords: [...new Set(notes.unknownWords)],
    });
  } catch (error) {
    // The stored reason is for station staff; what the operator could do goes to the log only.
    if (error instanceof TranslationError && error.operatorHint) {
      deps.log?.warn?.(
        { stationId: job.stationId, from, to, hint: error.operatorHint },
        'no translation engine covers a station language',
      );
    }
    const reason = error instanceof Error ? error.message : String(error);
    const retry = error instanceof TranslationError ? error.kind === 'transient' : true;
    if (retry && attempt.retryCount < attempt.retryLimit) throw error;
    await finish({
      status: 'failed',
      error:
        retry && attempt.retryLimit > 0
          ? `${reason} (gave up after ${attempt.retryLimit + 1} tries)`
          : reason,
    });
  }
}

export async function startTranslationWorker(
  boss: PgBoss,
  deps: TTranslationWorkerDeps & {
    /** Translations at once on this node (a message's languages in parallel); default 1. */
    concurrency?: number;
    /** Before the first retry of a transient failure (doubling after); default 2 s. */
    retryDelaySeconds?: number;
  },
): Promise<TTranslationQueue> {
  await declareTranslateQueue(boss, deps.engineTimeoutMs);
  // Each worker is its own fetch loop taking one job at a time, highest priority first; a job
  // that ends wakes its worker for the next one at once instead of after pg-boss's poll.
  const workerIds: string[] = [];
  const startWorker = async () => {
    let workerId: string | undefined;
    workerId = await boss.work<TTranslationJob>(
      TRANSLATE_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: 2, includeMetadata: true, priority: true },
      async ([job]) => {
        if (!job) return;
        if (workerId) boss.notifyWorker(workerId);
        // As part of the request that queued it: its log lines and the engine's call carry its id.
        await withRequestId(job.data.requestId, async () => {
          try {
            await runTranslationJob(deps, job.data, {
              retryCount: job.retryCount,
              retryLimit: job.retryLimit,
            });
          } catch (error) {
            deps.log?.error({ err: error, job: job.data }, 'translation will be retried');
            throw error;
          }
        });
      },
    );
    workerIds.push(workerId);
  };
  for (let i = 0; i < Math.max(1, deps.concurrency ?? 1); i++) await startWorker();
  const queue = translationQueue(boss, workerIds, deps.retryDelaySeconds, deps.engineTimeoutMs);
  const sweep = async () => {
    const queued = await requeueStalePending(deps.db, queue, {
      now: deps.now(),
      staleAfterSeconds: deps.staleAfterSeconds ?? STALE_AFTER_SECONDS,
    });
    if (queued) deps.log?.warn?.({ queued }, 'pending translations without a job queued again');
  };
  await boss.createQueue(SWEEP_QUEUE);
  await boss.schedule(SWEEP_QUEUE, '* * * * *');
  await boss.work(SWEEP_QUEUE, sweep);
  // A restart after a crash picks up at once; a failure here waits for the next minute's sweep.
  await sweep().catch((error) => deps.log?.error({ err: error }, 'translation sweep failed'));
  return queue;
}
