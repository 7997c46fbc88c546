// Who renders next when every speech slot is busy: the station with the fewest renders running,
// then the one whose turn was longest ago, so one station's long queue never stands in front of
// another station's first request. Each station's own line is bounded, and so is the total.
import { AppError } from '../../platform/errors.js';

export type TFairQueueLimits = {
  /** Renders running at once, across all stations. */
  slots: number;
  /** Renders one station may have waiting; one more is refused with 429. */
  waitingPerStation: number;
  /** Renders waiting across all stations; one more is refused with 503. */
  waitingInTotal: number;
};

export const AUDIO_QUEUE_FULL =
  'This station already has too many audio downloads waiting. Try again when they are done.';
export const AUDIO_SERVER_BUSY = 'The server is busy rendering audio. Please try again in a moment.';

type TStationLine = { running: number; waiting: (() => void)[]; lastTurn: number };

export type TFairQueue = {
  /** Runs `task` in a slot when it is `stationId`'s turn; refuses when the station's line is full. */
  run<T>(stationId: string, task: () => Promise<T>): Promise<T>;
};

export function createFairQueue(limits: TFairQueueLimits): TFairQueue {
  const stations = new Map<string, TStationLine>();
  let running = 0;
  let waitingInTotal = 0;
  let turns = 0;

  const lineOf = (stationId: string) => {
    let line = stations.get(stationId);
    if (!line) {
      line = { running: 0, waiting: [], lastTurn: 0 };
      stations.set(stationId, line);
    }
    return line;
  };

  function takeTurn(line: TStationLine) {
    running += 1;
    line.running += 1;
    turns += 1;
    line.lastTurn = turns;
  }

  /** The waiting station with the fewest renders running; among equals, the longest since its turn. */
  function nextLine() {
    let best: TStationLine | undefined;
    for (const line of stations.values()) {
      if (line.waiting.length === 0) continue;
      if (
        !best ||
        line.running < best.running ||
        (line.running === best.running && line.lastTurn < best.lastTurn)
      )
        best = line;
    }
    return best;
  }

  const forgetIfIdle = (stationId: string, line: TStationLine) => {
    if (line.running === 0 && line.waiting.length === 0) stations.delete(stationId);
  };

  function finish(stationId: string, line: TStationLine) {
    running -= 1;
    line.running -= 1;
    const next = nextLine();
    if (next) {
      const start = next.waiting.shift() as () => void;
      waitingInTotal -= 1;
      takeTurn(next);
      start();
    }
    forgetIfIdle(stationId, line);
  }

  function refusal(stationId: string, line: TStationLine) {
    if (line.waiting.length >= limits.waitingPerStation)
      return new AppError('audio_queue_full', {}, { limit: limits.waitingPerStation });
    if (waitingInTotal >= limits.waitingInTotal) {
      forgetIfIdle(stationId, line);
      return new AppError('audio_server_busy');
    }
    return null;
  }

  return {
    async run(stationId, task) {
      const line = lineOf(stationId);
      if (running < limits.slots) {
        takeTurn(line);
      } else {
        const refused = refusal(stationId, line);
        if (refused) throw refused;
        waitingInTotal += 1;
        // The slot is handed over in finish(): counted there, so nobody can jump the line.
        await new Promise<void>((resolve) => line.waiting.push(resolve));
      }
      try {
        return await task();
      } finally {
        finish(stationId, line);
      }
    },
  };
}
