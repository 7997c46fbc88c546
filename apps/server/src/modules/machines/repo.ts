// Queries on connected machines (agent_clients); every query takes the station id first.
import { AGENT_STALE_SECONDS, type TAgentInfo } from '@message-station/shared';
import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { agentClients } from '../../db/schema/owned/machines.js';

export type TClientRow = typeof agentClients.$inferSelect;

/** A machine is connected while its socket is open and it was heard from recently. */
function live(at: Date) {
  return and(
    isNull(agentClients.disconnectedAt),
    gt(agentClients.lastSeen, new Date(at.getTime() - AGENT_STALE_SECONDS * 1000)),
  );
}

export async function upsertConnected(
  db: DbOrTx,
  stationId: string,
  values: {
    info: TAgentInfo;
    userId: string;
    apiKeyId: string;
    nodeId: string;
    connectionId: string;
    at: Date;
  },
) {
  const { info } = values;
  const fields = {
    userId: values.userId,
    apiKeyId: values.apiKeyId,
    nodeId: values.nodeId,
    connectionId: values.connectionId,
    clientName: info.client_name,
    platform: info.platform,
    audioOutputDevice: info.audio_output_device,
    voices: info.voices,
    skippedLanguages: info.skipped_languages ?? [],
    clientVersion: info.client_version,
    connectedAt: values.at,
    lastSeen: values.at,
    disconnectedAt: null,
  };
  // The previous holder (if it was still connected elsewhere) is returned so it can be closed.
  const [previous] = await db
    .select({ nodeId: agentClients.nodeId, connectionId: agentClients.connectionId })
    .from(agentClients)
    .where(
      and(
        eq(agentClients.stationId, stationId),
        eq(agentClients.clientId, info.client_id),
        isNull(agentClients.disconnectedAt),
      ),
    );
  const [row] = await db
    .insert(agentClients)
    .values({ stationId, clientId: info.client_id, ...fields })
    .onConflictDoUpdate({ target: [agentClients.stationId, agentClients.clientId], set: fields })
    .returning();
  if (!row) throw new Error('agent client upsert returned nothing');
  return { row, previous: previous ?? null };
}

/** Updates what a machine reports about itself; only for the socket that holds it. */
export async function updateConnection(
  db: DbOrTx,
  stationId: string,
  connectionId: string,
  changes: Partial<
    Pick<
      TClientRow,
      | 'clientName'
      | 'platform'
      | 'audioOutputDevice'
      | 'voices'
      | 'skippedLanguages'
      | 'clientVersion'
      | 'lastSeen'
    >
  >,
) {
  const [row] = await db
    .update(agentClients)
    .set(changes)
    .where(and(eq(agentClients.stationId, stationId), eq(agentClients.connectionId, connectionId)))
    .returning();
  return row ?? null;
}

/** What an agent reports in an update frame (only the fields it sent), and that it was heard. */
export function updateReported(
  db: DbOrTx,
  stationId: string,
  connectionId: string,
  info: Partial<Omit<TAgentInfo, 'client_id'>>,
  at: Date,
) {
  return updateConnection(db, stationId, connectionId, {
    ...(info.client_name !== undefined && { clientName: info.client_name }),
    ...(info.platform !== undefined && { platform: info.platform }),
    ...(info.audio_output_device !== undefined && { audioOutputDevice: info.audio_output_device }),
    ...(info.voices !== undefined && { voices: info.voices }),
    ...(info.skipped_languages !== undefined && { skippedLanguages: info.skipped_languages }),
    ...(info.client_version !== undefined && { clientVersion: info.client_version }),
    lastSeen: at,
  });
}

/** Marks the machine gone, unless it has reconnected on another socket meanwhile. */
export async function markDisconnected(db: DbOrTx, stationId: string, connectionId: string, at: Date) {
  const [row] = await db
    .update(agentClients)
    .set({ disconnectedAt: at })
    .where(
      and(
        eq(agentClients.stationId, stationId),
        eq(agentClients.connectionId, connectionId),
        isNull(agentClients.disconnectedAt),
      ),
    )
    .returning({ clientId: agentClients.clientId });
  return row ?? null;
}

/** Every machine this node still lists as its own (used when the node shuts down). */
export async function markNodeDisconnected(db: DbOrTx, nodeId: string, at: Date) {
  await db
    .update(agentClients)
    .set({ disconnectedAt: at })
    .where(and(eq(agentClients.nodeId, nodeId), isNull(agentClients.disconnectedAt)));
}

/**
 * Machines of nodes that died without closing their sockets: still marked connected but not
 * heard from for `silentMs` before `at`. Across stations: no node is left to speak for them.
 */
export function markSilentDisconnected(db: DbOrTx, at: Date, silentMs: number) {
  return db
    .update(agentClients)
    .set({ disconnectedAt: at })
    .where(
      and(isNull(agentClients.disconnectedAt), lt(agentClients.lastSeen, new Date(at.getTime() - silentMs))),
    )
    .returning({ stationId: agentClients.stationId, clientId: agentClients.clientId });
}

export function listConnected(db: DbOrTx, stationId: string, at: Date) {
  return db
    .select()
    .from(agentClients)
    .where(and(eq(agentClients.stationId, stationId), live(at)))
    .orderBy(asc(sql`lower(${agentClients.clientName})`), asc(agentClients.clientId));
}

export async function findClient(db: DbOrTx, stationId: string, clientId: string) {
  const [row] = await db
    .select()
    .from(agentClients)
    .where(and(eq(agentClients.stationId, stationId), eq(agentClients.clientId, clientId)))
    .limit(1);
  return row ?? null;
}

export function isLive(row: TClientRow, at: Date): boolean {
  return row.disconnectedAt === null && row.lastSeen.getTime() > at.getTime() - AGENT_STALE_SECONDS * 1000;
}

/** The station's machines among `clientIds`, connected or not. */
export function findClients(db: DbOrTx, stationId: string, clientIds: string[]) {
  if (clientIds.length === 0) return Promise.resolve([] as TClientRow[]);
  return db
    .select()
    .from(agentClients)
    .where(and(eq(agentClients.stationId, stationId), inArray(agentClients.clientId, clientIds)));
}

/** Whether a desktop app of the station ever said hello (its row stays after it leaves). */
export async function hasAnyClient(db: DbOrTx, stationId: string): Promise<boolean> {
  const [row] = await db
    .select({ clientId: agentClients.clientId })
    .from(agentClients)
    .where(eq(agentClients.stationId, stationId))
    .limit(1);
  return row !== undefined;
}
