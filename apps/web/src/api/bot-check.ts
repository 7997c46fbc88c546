// Typed call for the bot-check configuration the public forms need (spec §5, §7 Public).
import type { TBotCheckConfig } from '@message-station/shared';
import { api } from './client';

export type { TBotCheckConfig, TBotCheckProvider } from '@message-station/shared';

/** Which widget to show: ALTCHA (self-hosted challenge) or Cloudflare Turnstile (site key). */
export function getBotCheckConfig(signal?: AbortSignal): Promise<TBotCheckConfig> {
  return api<TBotCheckConfig>('/api/bot-check', { signal });
}
