// The Stripe Payment Link a station opens, carrying its id and billing email.
import { paymentLinkUrl, type TBillingInfo } from '@message-station/shared';

/** Null when the link is not set up. A path (the dev checkout) is read against this site. */
export function stationPaymentLink(base: string | null, billing: TBillingInfo): string | null {
  if (!base) return null;
  try {
    const absolute = new URL(base, window.location.origin).toString();
    return paymentLinkUrl(absolute, billing.stationID, billing.billingEmail);
  } catch {
    return null;
  }
}

/** The Stripe customer portal login link, with the billing email filled in; null when not set up. */
export function portalLink(base: string | null, email: string | null): string | null {
  if (!base) return null;
  try {
    const url = new URL(base, window.location.origin);
    if (email) url.searchParams.set('prefilled_email', email);
    return url.toString();
  } catch {
    return null;
  }
}
