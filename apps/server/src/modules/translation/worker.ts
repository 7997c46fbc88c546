// Translation jobs: one per message and target language, run in the background through pg-boss.
// Transient engine failures are retried with backoff; anything else (or the last retry) marks the
// translation failed with the reason in words. A job for an outdated revision does nothing.
import type { TLanguageCode } from '@message-station/shared';
import type { JobWithMetadata, PgBoss } from 'pg-boss';
import type { Db } from '../../db/client.js';
import type { TEventBus } from '../../platform/event-bus.js';
import { declareQueue, scheduleQueue } from '../../platform/job-registry.js';
import { withRequestId } from '../../platform/request-context.js';
import {
  type TGlossaryEntry,
  TranslationError,
  type TTranslationNotes,
  type TTranslationProvider,
} from '../../providers/translation/types.js';
import type { TTranslationJob, TTranslationQueue } from '../messages/service.js';
import * as messages from '../messages/service.js';
import { findStationById } from '../station/service.js';
import { findAlertOfMessage } from '../weather/drafts-service.js';
import { recordWebhookEvent } from '../webhooks/index.js';
import { glossaryFor } from './glossary-service.js';
import { MEMORY_DAYS, planMemory, type TMemoryPlan, type TProduced, throughMemory } from './memory.js';
import { pruneMemory } from './memory-repo.js';
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

/** In line for the offline engine: emergencies and weather auto-sends first (decision 0059). */
export const URGENT_PRIORITY = 10;

/**
 * The memory slot of this job's text (decision 0059), or null when it is not remembered: the
 * engine the station's chain would use first has no memoryKey (a test's stand-in, or no engine).
 * Also the job's place in line for the offline engine.
 */
async function memoryOf(
  deps: TTranslationWorkerDeps,
  job: TTranslationJob,
  unedited: boolean,
  request: {
    original: string;
    from: TLanguageCode;
    to: TLanguageCode;
    glossary: TGlossaryEntry[];
    keep: string[];
  },
): Promise<{ plan: TMemoryPlan | null; first: TTranslationProvider | undefined; priority: number }> {
  // An NWS alert's draft that nobody edited is public; an auto-send waiting on it goes first.
  const alert = await findAlertOfMessage(deps.db, job.stationId, job.messageId);
  const waitingSend = alert?.outcome === 'auto_send_waiting';
  const priority = Math.max(job.priority ?? 0, waitingSend ? URGENT_PRIORITY : 0);
  if (!('translations' in deps)) return { plan: null, first: undefined, priority };
  const engines = await deps.translations.enginesFor(job.stationId);
  let first: (typeof engines)[number] | undefined;
  for (const engine of engines) {
    // Asked twice before giving up: a first listing of Apertium's pairs that timed out while the
    // node was starting (the 1,000-station bench) would otherwise leave the first jobs unremembered.
    const ask = () => Promise.resolve(engine.provider.supports(request.from, request.to));
    const covers = await ask()
      .catch(ask)
      .catch(() => false);
    if (covers) {
      first = engine;
      break;
    }
  }
  if (!first?.provider.memoryKey) return { plan: null, first: first?.provider, priority };
  const plan = planMemory({
    stationId: job.stationId,
    isPublic: Boolean(alert) && unedited,
    text: request.original,
    from: request.from,
    to: request.to,
    glossary: request.glossary,
    keep: request.keep,
    engine: { label: engineLabel(first.source, first.name), settings: first.provider.memoryKey },
  });
  return { plan, first: first.provider, priority };
}

/** Translates one job; returns normally when done (or outdated), throws to have it retried. */
export async function runTranslationJob(
  deps: TTranslationWorkerDeps,
  job: TTranslationJob,
  attempt: { retryCount: number; retryLimit: number },
) {
  const message = await messages.findMessage(deps.db, job.stationId, job.messageId);
  const rows = await messages.listTranslations(deps.db, job.stationId, [job.messageId]);
  const [row] = rows.filter((t) => t.languageCode === job.language);
  // Deleted, re-edited or corrected by hand since the job was queued.
  if (!message || !row || row.revision !== job.revision || row.status !== 'pending') return;

  const finish = async (values: Parameters<typeof messages.updateTranslation>[4]) => {
    // The translation and its webhook event commit together.
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
    // The station's own name is never translated (decision 0050), nor are the names engines protect.
    const station = await findStationById(deps.db, job.stationId);
    const keep = station ? [station.displayName] : [];
    const deadline = translateExpireSeconds(deps.engineTimeoutMs) - JOB_DEADLINE_MARGIN_SECONDS;
    // An edit of the original moves every translation of the message to a later revision.
    const unedited =
      message.updatedAt.getTime() === message.createdAt.getTime() && rows.every((t) => t.revision === 1);
    const memory = await memoryOf(deps, job, unedited, {
      original: message.original,
      from,
      to,
      glossary,
      keep,
    });
    // Given up at the deadline: a text still waiting for the offline engine leaves the line.
    const giveUp = new AbortController();
    const timer = setTimeout(() => giveUp.abort(), deadline * 1000);
    const produce = async (): Promise<TProduced> => {
      const notes: TTranslationNotes = { unknownWords: [] };
      const text = await provider.translate({
        text: message.original,
        from,
        to,
        glossary,
        notes,
        keep,
        priority: memory.priority,
        signal: giveUp.signal,
      });
      const used = notes.engine ?? provider;
      return {
        text,
        engine: await engineOf(deps, job.stationId, used),
        unknownWords: [...new Set(notes.unknownWords)],
        standIn: memory.first !== undefined && used !== memory.first,
      };
    };
    const result = await withinSeconds<{ text: string; engine: string; unknownWords: string[] }>(
      memory.plan
        ? throughMemory(deps.db, memory.plan, produce, { deadline: Date.now() + deadline * 1000 })
        : produce(),
      deadline,
    ).finally(() => clearTimeout(timer));
    await finish({
      status: 'completed',
      translatedText: result.text,
      error: null,
      provider: result.engine,
      unknownWords: result.unknownWords,
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
    workerId = await boss.work(
      TRANSLATE_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: 2, includeMetadata: true, priority: true },
      async ([job]: JobWithMetadata<TTranslationJob>[]) => {
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
    // Translations nobody reused for a month, and claims whose job died, leave the memory.
    await pruneMemory(deps.db, MEMORY_DAYS);
  };
  await declareQueue(boss, SWEEP_QUEUE);
  await scheduleQueue(boss, SWEEP_QUEUE);
  await boss.work(SWEEP_QUEUE, sweep);
  // A restart after a crash picks up at once; a failure here waits for the next minute's sweep.
  await sweep().catch((error) => deps.log?.error({ err: error }, 'translation sweep failed'));
  return queue;
}
