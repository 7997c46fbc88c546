// How a station user is named on the page.
import type { TStationUser } from '@message-station/shared';

/** The full name, or the part of the email before @ when there is none. */
export function displayName(user: Pick<TStationUser, 'full_name' | 'email'>): string {
  return user.full_name.trim() || user.email.split('@')[0] || user.email;
}
