// Prices, trial terms and colours the marketing pages quote, prices derived from the shared billing constants.
import { CREDIT_PACK, formatUsd, MONTHLY_INCLUDED_CREDITS, PLAN_TIERS } from '@message-station/shared';

/**
 * The server's default trial (TRIAL_DAYS / TRIAL_CREDITS in apps/server config, decision 0005).
 * The shared package does not export it, so the marketing copy keeps its own copy here.
 */
export const FREE_TRIAL = { days: 14, credits: 50 } as const;

/** The one advertised plan is the Starter tier; the pack is quoted as a count and a unit price. */
export const MARKETING_PRICES = {
  planPrice: formatUsd(PLAN_TIERS.basic.priceCents),
  includedCredits: MONTHLY_INCLUDED_CREDITS,
  packPrice: formatUsd(CREDIT_PACK.priceCents),
  packCredits: CREDIT_PACK.credits,
  centsPerCredit: CREDIT_PACK.priceCents / CREDIT_PACK.credits,
} as const;

// The theme's primary shade (blue.6) gives white text only 3.6:1; these shades keep WCAG AA (4.5:1).
export const ACCENT_COLOR = 'blue.8';
export const BODY_TEXT_COLOR = 'gray.7';
