// The translation jobs a message queues and the queue's interface (its pg-boss side lives in
// modules/translation). Apart from service.ts so that service-context.ts can name the queue
// without importing the messages service, which imports service-context.ts (no cycle).
import type { DbOrTx } from '../../db/client.js';

export type TTranslationJob = {
  stationId: string;
  messageId: string;
  language: string;
  revision: number;
  /** Emergencies first, then alerts, then the rest (pg-boss fetches the highest first). */
  priority?: number;
  /** The request that queued it (set by the queue): its worker logs and engine calls carry it. */
  requestId?: string;
};

export type TTranslationQueue = {
  /**
   * Queues in the caller's transaction: the jobs commit with the rows they translate or not at
   * all, so no crash leaves a pending row without its job (the minute sweep is the net under it).
   */
  enqueue(tx: DbOrTx, jobs: TTranslationJob[]): Promise<void>;
  /** Starts the worker now rather than at its next poll; call after the commit. */
  wake(): void;
};
