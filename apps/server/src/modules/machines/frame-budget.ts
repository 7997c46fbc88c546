// How many frames an agent may send (decision 0056): a token bucket per socket and one per API
// key (every socket of the key on this node), checked before a frame is parsed, so a frame over
// the budget costs a few additions. A socket that keeps sending past its budget is closed.
export type TFrameLimits = {
  /** Frames a socket may send at once, and per second after that. */
  socketBurst: number;
  socketPerSecond: number;
  /** The same for all sockets of one API key on this node. */
  keyBurst: number;
  keyPerSecond: number;
  /** Dropped frames within `dropWindowMs` that close the socket (it is flooding, not bursting). */
  dropsToClose: number;
  dropWindowMs: number;
};

/**
 * A real agent sends a heartbeat every 15 s (AGENT_HEARTBEAT_SECONDS), an update when its devices or
 * voices change, and one result (and one playback state) per command an admin clicks: a handful of
 * frames a minute. The limits are a hundred times that and still cost the node next to nothing.
 */
export const AGENT_FRAME_LIMITS: TFrameLimits = {
  socketBurst: 20,
  socketPerSecond: 5,
  keyBurst: 60,
  keyPerSecond: 10,
  dropsToClose: 200,
  dropWindowMs: 10_000,
};

type TBucket = { tokens: number; at: number };

function take(bucket: TBucket, burst: number, perSecond: number, now: number): boolean {
  bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) * perSecond) / 1000);
  bucket.at = now;
  if (bucket.tokens < 1) return false;
  bucket.tokens -= 1;
  return true;
}

export type TFrameVerdict = 'read' | 'drop' | 'close';

/** One socket's budget; `key` is shared by the sockets of one API key. */
export type TSocketBudget = { admit(now: number): TFrameVerdict; release(): void };

export type TFrameBudgets = ReturnType<typeof createFrameBudgets>;

export function createFrameBudgets(limits: TFrameLimits = AGENT_FRAME_LIMITS) {
  const keys = new Map<string, { bucket: TBucket; sockets: number }>();
  const stats = { dropped: 0, closed: 0 };

  return {
    stats,
    /** The budget of a socket opened with the API key `keyId` at `now` (ms). */
    open(keyId: string, now: number): TSocketBudget {
      let key = keys.get(keyId);
      if (!key) {
        key = { bucket: { tokens: limits.keyBurst, at: now }, sockets: 0 };
        keys.set(keyId, key);
      }
      key.sockets += 1;
      const own = key;
      const socket: TBucket = { tokens: limits.socketBurst, at: now };
      let drops = 0;
      let windowStart = now;
      let released = false;
      return {
        admit(at) {
          // Both buckets are asked, so a socket's own burst also spends its key's.
          const socketOk = take(socket, limits.socketBurst, limits.socketPerSecond, at);
          const keyOk = socketOk && take(own.bucket, limits.keyBurst, limits.keyPerSecond, at);
          if (socketOk && keyOk) return 'read';
          stats.dropped += 1;
          if (at - windowStart > limits.dropWindowMs) {
            windowStart = at;
            drops = 0;
          }
          drops += 1;
          if (drops < limits.dropsToClose) return 'drop';
          stats.closed += 1;
          return 'close';
        },
        release() {
          if (released) return;
          released = true;
          own.sockets -= 1;
          if (own.sockets === 0 && keys.get(keyId) === own) keys.delete(keyId);
        },
      };
    },
    /** API keys with a socket open here (for tests). */
    keyCount: () => keys.size,
  };
}
