// The clock of a started registration: the code's 10-minute countdown, when a new code may
// be asked for, and the 24-hour life of the whole registration.
import { LIMITS, type TRegisterStartResponse } from '@message-station/shared';

export const CODE_LIFETIME_MS = LIMITS.verificationCodeMinutes * 60_000;

export type TRegistrationClock = {
  codeRemainingMs: number;
  /** Share of the code's 10 minutes still left, 0–100. */
  codePercentLeft: number;
  codeExpired: boolean;
  resendWaitSeconds: number;
  registrationExpired: boolean;
};

export function registrationClock(registration: TRegisterStartResponse, now: number): TRegistrationClock {
  const codeRemainingMs = Math.max(0, Date.parse(registration.code_expires_at) - now);
  return {
    codeRemainingMs,
    codePercentLeft: Math.min(100, (codeRemainingMs / CODE_LIFETIME_MS) * 100),
    codeExpired: codeRemainingMs === 0,
    resendWaitSeconds: Math.max(0, Math.ceil((Date.parse(registration.resend_available_at) - now) / 1000)),
    registrationExpired: now >= Date.parse(registration.expires_at),
  };
}

/** 9:05 */
export function formatCountdown(ms: number): string {
  const totalSeconds = Math.ceil(ms / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
