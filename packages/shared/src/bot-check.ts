// GET /api/bot-check: which bot check the public forms show.
import { z } from 'zod';

export const BOT_CHECK_PROVIDERS = ['altcha', 'turnstile'] as const;
export type TBotCheckProvider = (typeof BOT_CHECK_PROVIDERS)[number];

/** ALTCHA (our own challenge) or Cloudflare Turnstile (a public site key). */
export const ZBotCheckConfig = z.object({
  provider: z.enum(BOT_CHECK_PROVIDERS),
  /** ALTCHA only: where the widget fetches its challenge. */
  challenge_url: z.string().nullable(),
  /** Turnstile only: the public site key. */
  site_key: z.string().nullable(),
});
export type TBotCheckConfig = z.infer<typeof ZBotCheckConfig>;
