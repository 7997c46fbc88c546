// Restores of a backup (decision 0055): `npm run restore` writes a row in the same transaction as
// the restored data; the texts that were not final in the backup are then held until an admin
// decides, and the row records when that was done (by the restore command, or by the first server
// that starts after it when the command was cut short).
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const databaseRestores = pgTable('database_restores', {
  id: uuid('id').primaryKey().defaultRandom(),
  restoredAt: timestamp('restored_at', { withTimezone: true }).notNull().defaultNow(),
  /** The backup file's name (no folder), for the operator. */
  backupFile: text('backup_file'),
  /** When its texts were held; null until then (a server holds them at start). */
  heldAt: timestamp('held_at', { withTimezone: true }),
  /** How many texts were held. */
  held: integer('held').notNull().default(0),
});
