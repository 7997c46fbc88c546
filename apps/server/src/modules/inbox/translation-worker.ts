// Translates a subscriber's text into the station's primary language with the station's engines
// (decision 0033), in the background. A transient failure is retried by pg-boss; anything else,
// or the last retry, marks the translation failed with the reason. The original is never touched.
import type { TLanguageCode } from '@message-station/shared';
import type { JobWithMetadata, PgBoss } from 'pg-boss';
import type { Db } from '../../db/client.js';
import type { TEventBus } from '../../platform/event-bus.js';
import { withRequestId } from '../../platform/request-context.js';
import { TranslationError, type TTranslationProvider } from '../../providers/translation/types.js';
import { findStationById } from '../station/service.js';
import { glossaryBetween } from '../translation/glossary-service.js';
import { publishInboxChange } from './events.js';
import * as repo from './repo.js';
import {
  declareInboxQueue,
  INBOX_TRANSLATE_QUEUE,
  inboxQueue,
  type TInboxQueue,
  type TInboxTranslationJob,
} from './translation-queue.js';

export type TInboxWorkerDeps = {
  db: Db;
  events: TEventBus;
  /** Each station's chain (its engines, then the operator's: decision 0033). */
  translations: { chainFor(stationId: string): Promise<TTranslationProvider> };
  now: () => Date;
  log?: { error(details: object, message: string): void; warn?(details: object, message: string): void };
};

/** Translates one text; returns when done (or nothing is left to do), throws to be retried. */
export async function runInboxTranslation(
  deps: TInboxWorkerDeps,
  job: TInboxTranslationJob,
  attempt: { retryCount: number; retryLimit: number },
) {
  const message = await repo.findMessage(deps.db, job.stationId, job.messageId);
  const station = await findStationById(deps.db, job.stationId);
  if (!message || !station || message.translationStatus !== 'pending') return;

  const finish = async (values: Parameters<typeof repo.updateMessage>[3]) => {
    // The text and the list's line change together: nobody reads a translated thread whose line
    // still shows the original.
    const updated = await deps.db.transaction(async (tx) => {
      const row = await repo.updateMessage(tx, job.stationId, message.id, values, 'pending');
      if (row?.translatedText) {
        await repo.setPreviewIfLatest(
          tx,
          job.stationId,
          message.conversationId,
          message.createdAt,
          row.translatedText,
        );
      }
      return row;
    });
    if (!updated) return;
    await publishInboxChange(deps, job.stationId, message.conversationId);
  };

  const from = message.language as TLanguageCode;
  const to = station.primaryLanguage as TLanguageCode;
  try {
    const engine = await deps.translations.chainFor(job.stationId);
    // The station's names and words both ways (decision 0050): "Lincoln High School" stays itself.
    const glossary = await glossaryBetween(deps.db, job.stationId, { primary: to, from, to });
    const text = await engine.translate({ text: message.body, from, to, glossary });
    await finish({ translationStatus: 'completed', translatedText: text, translationError: null });
  } catch (error) {
    if (error instanceof TranslationError && error.operatorHint) {
      deps.log?.warn?.(
        { stationId: job.stationId, from, to, hint: error.operatorHint },
        'no engine for an inbox text',
      );
    }
    const reason = error instanceof Error ? error.message : String(error);
    const retry = error instanceof TranslationError ? error.kind === 'transient' : true;
    if (retry && attempt.retryCount < attempt.retryLimit) throw error;
    await finish({ translationStatus: 'failed', translationError: reason.slice(0, 500) });
  }
}

export async function startInboxWorker(
  boss: PgBoss,
  deps: TInboxWorkerDeps & { retryDelaySeconds?: number },
): Promise<TInboxQueue> {
  await declareInboxQueue(boss, deps.retryDelaySeconds);
  let workerId: string | undefined;
  workerId = await boss.work(
    INBOX_TRANSLATE_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 2, includeMetadata: true },
    async ([job]: JobWithMetadata<TInboxTranslationJob>[]) => {
      if (!job) return;
      if (workerId) boss.notifyWorker(workerId);
      await withRequestId(job.data.requestId, async () => {
        try {
          await runInboxTranslation(deps, job.data, {
            retryCount: job.retryCount,
            retryLimit: job.retryLimit,
          });
        } catch (error) {
          deps.log?.error({ err: error, job: job.data }, 'inbox translation will be retried');
          throw error;
        }
      });
    },
  );
  return inboxQueue(boss, [workerId]);
}
