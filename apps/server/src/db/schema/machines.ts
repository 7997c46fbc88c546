// Desktop agents (station computers) connected over /agent/v1/ws. A row is written when a
// machine says hello and kept after it leaves, so a command to a machine that went away gets a
// clear answer; `node_id` names the app process holding its socket (commands are routed there).
import type { TLanguageCode } from '@message-station/shared';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stations } from './stations.js';
import { apiKeys, users } from './users.js';

export const agentClients = pgTable(
  'agent_clients',
  {
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    /** Chosen by the agent once and kept across restarts. */
    clientId: text('client_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    /** The app process holding the socket, and the socket itself (a reconnect gets a new one). */
    nodeId: text('node_id').notNull(),
    connectionId: uuid('connection_id').notNull(),
    clientName: text('client_name').notNull(),
    platform: text('platform').notNull(),
    audioOutputDevice: text('audio_output_device'),
    voices: jsonb('voices').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    /** Language codes the machine skips for want of a voice ('{}' from agents that do not say). */
    skippedLanguages: text('skipped_languages').array().$type<TLanguageCode[]>().notNull().default(sql`'{}'`),
    clientVersion: text('client_version').notNull(),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.stationId, t.clientId] }),
    index('agent_clients_connected_idx').on(t.stationId).where(sql`${t.disconnectedAt} is null`),
  ],
);
