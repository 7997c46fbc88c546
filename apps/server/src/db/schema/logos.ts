// Station logos live in the database so every app node can serve them without shared disk.
import { customType, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stations } from './stations.js';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const stationLogos = pgTable('station_logos', {
  stationId: uuid('station_id')
    .primaryKey()
    .references(() => stations.id, { onDelete: 'cascade' }),
  contentType: text('content_type', { enum: ['image/png', 'image/jpeg'] }).notNull(),
  bytes: bytea('bytes').notNull(),
  size: integer('size').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
