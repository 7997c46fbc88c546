// Caps on verification texts (signup, subscriber join and password-reset codes), counted in the
// shared store (decision 0019): a cooldown and a daily count per number, an hourly count per
// station and for the whole service. Anonymous joins from any number of addresses cannot make
// the service send more texts than these.
import type { TRateLimitConfig } from '../../config.js';
import { type TRateLimitStore, tooMany } from '../../platform/rate-limit/index.js';
import { sha256 } from '../../platform/tokens.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Which cap refused (the refusal's `rate_limit` is `code_` and this; worded in ERROR_CODES). */
type TCodeTextRefusal = 'cooldown' | 'number' | 'station' | 'service';

type TCap = { key: string; max: number; windowMs: number; refusal: TCodeTextRefusal };

export type TCodeText = { phone: string; stationId?: string | null };

/** One text's place in every cap; give it back when no text went out after all. */
export type TCodeTextSlot = { giveBack(): Promise<void> };

export function createCodeTextLimits(deps: {
  store: TRateLimitStore;
  limits: TRateLimitConfig['codeTexts'];
  now: () => Date;
}) {
  const { store, limits } = deps;
  return {
    /** Takes a place in every cap, or throws 429 (naming the first cap that is full) having taken none. */
    async take(text: TCodeText): Promise<TCodeTextSlot> {
      const now = deps.now();
      const number = sha256(text.phone).slice(0, 32);
      const caps: TCap[] = [
        { key: `codes:cooldown:${number}`, max: 1, windowMs: limits.numberCooldownMs, refusal: 'cooldown' },
        { key: `codes:number:${number}`, max: limits.perNumberPerDay, windowMs: DAY_MS, refusal: 'number' },
        ...(text.stationId
          ? [
              {
                key: `codes:station:${text.stationId}`,
                max: limits.perStationPerHour,
                windowMs: HOUR_MS,
                refusal: 'station' as const,
              },
            ]
          : []),
        { key: 'codes:service', max: limits.perHour, windowMs: HOUR_MS, refusal: 'service' },
      ];
      const taken: string[] = [];
      const giveBack = async () => {
        const at = deps.now();
        await Promise.all(taken.map((key) => store.giveBack(key, at)));
      };
      for (const cap of caps.filter((c) => c.windowMs > 0)) {
        const result = await store.take(cap.key, cap.max, cap.windowMs, now);
        if (!result.taken) {
          await giveBack();
          throw tooMany(`code_${cap.refusal}`, result.counter.windowEndsAt, now);
        }
        taken.push(cap.key);
      }
      return { giveBack };
    },
    /** Takes a place, runs `send` (issues and texts the code) and gives the place back if it fails. */
    async sending<T>(text: TCodeText, send: () => Promise<T>): Promise<T> {
      const slot = await this.take(text);
      try {
        return await send();
      } catch (error) {
        await slot.giveBack();
        throw error;
      }
    },
  };
}

export type TCodeTextLimits = ReturnType<typeof createCodeTextLimits>;
