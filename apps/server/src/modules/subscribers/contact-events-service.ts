// The station's live event that its contact counts changed (CONTACTS_CHANGED_EVENT), raised by every
// way in and out of its list once the change is committed: the join page (started, verified,
// unsubscribed), STOP and START by text, staff adding, pausing and resuming contacts, imports and
// the public API. Open dashboards read their counts and first-run steps again when they hear it.
import { CONTACTS_CHANGED_EVENT } from '@message-station/shared';
import type { TServiceContext } from '../../service-context.js';

/**
 * Tells each station's open pages (on every node) that its contact counts changed; no data. The
 * change is committed already: an event that cannot travel is logged, never the caller's failure.
 */
export async function announceContactsChanged(
  ctx: Pick<TServiceContext, 'events' | 'log'>,
  stationIds: Iterable<string>,
): Promise<void> {
  for (const stationId of new Set(stationIds)) {
    try {
      await ctx.events.publish({ stationId, type: CONTACTS_CHANGED_EVENT, data: {} });
    } catch (error) {
      ctx.log?.error({ err: error, stationId }, 'contacts_changed not published');
    }
  }
}
