// Typed call for the bot-check configuration the public forms need.
import { publicBotCheck, type TBotCheckConfig } from '@message-station/shared';
import { call } from './call';

export type { TBotCheckConfig, TBotCheckProvider } from '@message-station/shared';

/** Which widget to show: ALTCHA (self-hosted challenge) or Cloudflare Turnstile (site key). */
export function getBotCheckConfig(signal?: AbortSignal): Promise<TBotCheckConfig> {
  return call(publicBotCheck, { signal });
}
