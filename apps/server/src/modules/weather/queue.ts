// The weather work on the job runner (worker nodes only).
//
// The poll: a job every minute, and between them one at the configured interval when it is
// shorter (or later, when NWS asked us to wait). The queue is "stately": at most one poll waits
// and one runs, so however many workers there are, one polls at a time and polls never pile up.
//
// The auto-send: an emergency never waits for a timer (decision 0058). A draft whose languages
// are all vetted goes in the poll that drafted it; one that waits for an engine goes when its
// last translation finishes: every worker node listens to the translation events of the stations
// that follow weather (the event bus carries them across nodes) and queues a send of that one
// message, which any worker runs at once. Two nodes hearing the same event queue it once (a
// stately queue keyed by message) and send it once (the record is locked from check to outcome,
// poll.ts sendOne). The poll still sends what waited its two minutes, or what an event missed.
import type { PgBoss } from 'pg-boss';
import type { Db } from '../../db/client.js';
import type { TStationEvent } from '../../platform/event-bus.js';
import { declareQueue, scheduleQueue, type TQueueName } from '../../platform/job-registry.js';
import { autoSendReady, pollWeather, sendReadyAutoSend, type TWeatherPollDeps } from './poll.js';
import { lastPollAt, listEnabledSettings } from './repo.js';

export const WEATHER_POLL_QUEUE = 'weather-poll' satisfies TQueueName;
/** One job per waiting auto-send whose translations are done: send that message now. */
export const WEATHER_SEND_QUEUE = 'weather-auto-send' satisfies TQueueName;
export type TWeatherSendJob = { stationId: string; messageId: string };

/**
 * A poll this early before its interval is up still runs: at a minute's pace the minute's jobs
 * start a second or two apart; a chained poll starts no earlier than its interval, less the
 * moment between the job's start and the poll's.
 */
const earlySlackMs = (pollSeconds: number) => (pollSeconds >= 60 ? 10_000 : 1_000);
/** The longest NWS's headers (Retry-After, Cache-Control, Expires) may hold the next poll back. */
export const MAX_NWS_WAIT_SECONDS = 600;

export async function declareWeatherQueue(boss: PgBoss) {
  await declareQueue(boss, WEATHER_POLL_QUEUE);
  await declareQueue(boss, WEATHER_SEND_QUEUE);
}

/** Whether the interval has passed since any node last polled (the poll time is in the database). */
async function due(db: Db, at: Date, pollSeconds: number) {
  const last = await lastPollAt(db);
  return !last || at.getTime() - last.getTime() >= pollSeconds * 1000 - earlySlackMs(pollSeconds);
}

/**
 * Seconds until the next poll: the interval, or longer when NWS asked (the longest wait any zone
 * group's answer asked for, at most MAX_NWS_WAIT_SECONDS).
 */
export function nextPollSeconds(pollSeconds: number, asked: (number | undefined)[]) {
  const wait = Math.max(0, ...asked.map((s) => s ?? 0));
  return Math.min(MAX_NWS_WAIT_SECONDS, Math.max(pollSeconds, wait));
}

type TSendDeps = Pick<TWeatherPollDeps, 'db' | 'events' | 'log'>;

/**
 * The translation events of the stations that follow weather, heard on this node: a translation
 * that is no longer pending, of an auto-send that waits and has nothing pending any more, queues
 * the send of that message (`queue`). Which stations are followed is read again at every poll.
 */
export function watchTranslations(deps: TSendDeps, queue: (job: TWeatherSendJob) => Promise<void>) {
  const listening = new Map<string, () => void>();
  const heard = (event: TStationEvent) => {
    if (event.type !== 'translation_updated') return;
    const messageId = event.data.message_id;
    if (typeof messageId !== 'string' || event.data.translation_status === 'pending') return;
    const { stationId } = event;
    autoSendReady(deps.db, stationId, messageId)
      .then((ready) => (ready ? queue({ stationId, messageId }) : undefined))
      .catch((error) =>
        deps.log?.error(
          { err: error, stationId, messageId },
          'weather auto-send not queued; the poll sends it',
        ),
      );
  };
  return {
    /** Listens to every station with weather on, and stops listening to the others. */
    async refresh() {
      const on = new Set((await listEnabledSettings(deps.db)).map((s) => s.stationId));
      for (const [stationId, stop] of listening) {
        if (on.has(stationId)) continue;
        stop();
        listening.delete(stationId);
      }
      for (const stationId of on) {
        if (!listening.has(stationId)) listening.set(stationId, deps.events.subscribe(stationId, heard));
      }
    },
    stations: () => [...listening.keys()],
    stop() {
      for (const stop of listening.values()) stop();
      listening.clear();
    },
  };
}

/**
 * The event path of the auto-send on this node: the worker that sends one message, and the
 * listener that queues it when a translation finishes. The poller starts it; tests start it alone.
 */
export async function startWeatherSender(boss: PgBoss, deps: TWeatherPollDeps) {
  await declareWeatherQueue(boss);
  // The send of one message whose translations are done: any worker, at once.
  const sendWorker = await boss.work<TWeatherSendJob>(
    WEATHER_SEND_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 2 },
    async ([job]) => {
      if (!job) return;
      await sendReadyAutoSend(deps, job.data.stationId, job.data.messageId);
    },
  );
  const watch = watchTranslations(deps, async (job) => {
    // Keyed by message: a second node hearing the same event while it waits adds nothing.
    await boss.send(WEATHER_SEND_QUEUE, job, { singletonKey: job.messageId });
    // This node's send worker takes it now rather than at its next fetch.
    boss.notifyWorker(sendWorker);
  });
  await watch.refresh();
  return watch;
}

export async function startWeatherPoller(boss: PgBoss, deps: TWeatherPollDeps & { pollSeconds: number }) {
  const watch = await startWeatherSender(boss, deps);
  await scheduleQueue(boss, WEATHER_POLL_QUEUE);
  await boss.work(WEATHER_POLL_QUEUE, { pollingIntervalSeconds: 1 }, async () => {
    // Real time, for pg-boss's start_after; deps.now() is the app's clock for the poll itself.
    const started = Date.now();
    let asked: (number | undefined)[] = [];
    try {
      await watch.refresh().catch((error) => deps.log?.error({ err: error }, 'weather stations not read'));
      if (!(await due(deps.db, deps.now(), deps.pollSeconds))) return;
      const report = await pollWeather(deps);
      asked = report.map((r) => r.waitSeconds);
      const drafted = report.reduce((n, r) => n + r.drafted, 0);
      if (drafted) deps.log?.info({ drafted, stations: report.length }, 'weather alerts drafted');
    } finally {
      // Faster than the minute's job, or later because NWS asked: the next poll is queued now,
      // counted from this one's start (dropped if one already waits; while it waits, so are the
      // minute's jobs).
      const next = nextPollSeconds(deps.pollSeconds, asked);
      if (next < 60 || next > deps.pollSeconds) {
        const elapsed = (Date.now() - started) / 1000;
        await boss.sendAfter(WEATHER_POLL_QUEUE, {}, {}, Math.max(1, Math.ceil(next - elapsed)));
      }
    }
  });
  // A node that starts polls now, not at the next minute (dropped when a poll already waits).
  await boss.send(WEATHER_POLL_QUEUE, {});
}
