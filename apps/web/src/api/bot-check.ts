// Typed call for the bot-check configuration the public forms need (spec §5, §7 Public).
import { api } from './client';

export type TBotCheckProvider = 'altcha' | 'turnstile';

/** Which widget to show: ALTCHA (self-hosted challenge) or Cloudflare Turnstile (site key). */
export type TBotCheckConfig = {
  provider: TBotCheckProvider;
  /** ALTCHA only: where the widget fetches its challenge. */
  challenge_url: string | null;
  /** Turnstile only: the public site key. */
  site_key: string | null;
};

export function getBotCheckConfig(signal?: AbortSignal): Promise<TBotCheckConfig> {
  return api<TBotCheckConfig>('/api/bot-check', { signal });
}
