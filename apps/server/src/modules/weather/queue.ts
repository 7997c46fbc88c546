// The poller on the job runner (worker nodes only): a job every minute, and between them one at
// the configured interval when it is shorter. The queue is "stately": at most one poll waits and
// one runs, so however many workers there are, one polls at a time and polls never pile up.
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/client.js';
import { pollWeather, type TWeatherPollDeps } from './poll.js';
import { lastPollAt } from './repo.js';

export const WEATHER_POLL_QUEUE = 'weather-poll';
/** A poll that comes this early after the last one waits for the next (a minute's job and a chained one meeting). */
const EARLY_SLACK_MS = 10_000;

export async function declareWeatherQueue(boss: PgBoss) {
  await boss.createQueue(WEATHER_POLL_QUEUE, { name: WEATHER_POLL_QUEUE, policy: 'stately' });
}

/** Whether the interval has passed since any node last polled (the poll time is in the database). */
async function due(db: Db, at: Date, pollSeconds: number) {
  const last = await lastPollAt(db);
  return !last || at.getTime() - last.getTime() >= pollSeconds * 1000 - EARLY_SLACK_MS;
}

export async function startWeatherPoller(boss: PgBoss, deps: TWeatherPollDeps & { pollSeconds: number }) {
  await declareWeatherQueue(boss);
  await boss.schedule(WEATHER_POLL_QUEUE, '* * * * *');
  await boss.work(WEATHER_POLL_QUEUE, async () => {
    try {
      if (!(await due(deps.db, deps.now(), deps.pollSeconds))) return;
      const report = await pollWeather(deps);
      const drafted = report.reduce((n, r) => n + r.drafted, 0);
      if (drafted) deps.log?.info({ drafted, stations: report.length }, 'weather alerts drafted');
    } finally {
      // Faster than the minute's job: the next poll is queued now (dropped if one already waits).
      if (deps.pollSeconds < 60) await boss.sendAfter(WEATHER_POLL_QUEUE, {}, {}, deps.pollSeconds);
    }
  });
  // A node that starts polls now, not at the next minute (dropped when a poll already waits).
  await boss.send(WEATHER_POLL_QUEUE, {});
}
