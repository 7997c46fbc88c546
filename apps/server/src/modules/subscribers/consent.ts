// Recording consent: every way in and out of a station's list is a consent record, and each record
// raises its subscriber.joined / subscriber.opted_out webhook in the same transaction. The repos
// only write rows; the events are raised here (decision 0065).
import type { DbOrTx } from '../../db/client.js';
import { recordConsentWebhooks } from '../webhooks/index.js';
import * as repo from './repo.js';

/** Stores the consent events and raises their webhooks, one statement per station and kind. */
export async function recordConsent(db: DbOrTx, events: (repo.TConsentEvent & { createdAt: Date })[]) {
  if (events.length === 0) return;
  await repo.insertConsentEvents(db, events);
  await recordConsentWebhooks(db, events);
}
