// Caps on verification texts (signup, subscriber join and password-reset codes), counted in the
// shared store (decision 0019), in separate budgets so that no one source starves the others
// (decision 0054): a cooldown and a daily count per number; station codes (joins, resets) per
// station per hour, each station's first few its own and the rest from a pool all stations share;
// signup codes from a budget of their own, per address and in all. A signup flood can therefore
// never stop a join, and a flood at one station never stops another station's first joins.
import type { TRateLimitConfig } from '../../config.js';
import { type TRateLimitName, type TRateLimitStore, tooMany } from '../../platform/rate-limit/index.js';
import { sha256 } from '../../platform/tokens.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

type TCap = { key: string; max: number; windowMs: number; refusal: TRateLimitName };

/**
 * A code for a station's number or account (join, password reset), or a signup's (no station
 * yet: counted per address, `ip`, in the signup budget).
 */
export type TCodeText = { phone: string; stationId: string } | { phone: string; signupFrom: string };

/** One text's place in every cap; give it back when no text went out after all. */
export type TCodeTextSlot = { giveBack(): Promise<void> };

export function createCodeTextLimits(deps: {
  store: TRateLimitStore;
  limits: TRateLimitConfig['codeTexts'];
  now: () => Date;
}) {
  const { store, limits } = deps;
  const pool: TCap = { key: 'codes:pool', max: limits.perHour, windowMs: HOUR_MS, refusal: 'code_service' };

  /** The caps in the order they are taken: the number's, then the flow's own. */
  function capsFor(text: TCodeText): TCap[] {
    const number = sha256(text.phone).slice(0, 32);
    const numberCaps: TCap[] = [
      {
        key: `codes:cooldown:${number}`,
        max: 1,
        windowMs: limits.numberCooldownMs,
        refusal: 'code_cooldown',
      },
      {
        key: `codes:number:${number}`,
        max: limits.perNumberPerDay,
        windowMs: DAY_MS,
        refusal: 'code_number',
      },
    ];
    if ('stationId' in text) {
      return [
        ...numberCaps,
        {
          key: `codes:station:${text.stationId}`,
          max: limits.perStationPerHour,
          windowMs: HOUR_MS,
          refusal: 'code_station',
        },
      ];
    }
    return [
      ...numberCaps,
      {
        key: `codes:signup:address:${text.signupFrom}`,
        max: limits.signupPerAddressPerHour,
        windowMs: HOUR_MS,
        refusal: 'code_signup_address',
      },
      { key: 'codes:signup', max: limits.signupPerHour, windowMs: HOUR_MS, refusal: 'code_signup' },
    ];
  }

  return {
    /** Takes a place in every cap, or throws 429 (naming the first cap that is full) having taken none. */
    async take(text: TCodeText): Promise<TCodeTextSlot> {
      const now = deps.now();
      const taken: string[] = [];
      const giveBack = async () => {
        const at = deps.now();
        await Promise.all(taken.map((key) => store.giveBack(key, at)));
      };
      const takeOne = async (cap: TCap) => {
        const result = await store.take(cap.key, cap.max, cap.windowMs, now);
        if (!result.taken) {
          await giveBack();
          throw tooMany(cap.refusal, result.counter.windowEndsAt, now);
        }
        taken.push(cap.key);
        return result.counter;
      };
      let stationCount = 0;
      for (const cap of capsFor(text).filter((c) => c.windowMs > 0)) {
        const counter = await takeOne(cap);
        if (cap.refusal === 'code_station') stationCount = counter.hits;
      }
      // A station's codes past its own share come from the pool every station shares.
      if ('stationId' in text && stationCount > limits.stationSharePerHour) await takeOne(pool);
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
