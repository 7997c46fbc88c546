// The translation sweep's lock. The pending rows it looks for are the messages module's
// (listPendingTranslationsWithoutJob in its service).
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/** Any number works as long as every node uses the same one. */
const SWEEP_LOCK_KEY = 7_412_300_014;

/** Holds the sweep until this transaction ends; another node's sweep waits for it. */
export async function takeSweepLock(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${SWEEP_LOCK_KEY})`);
}
