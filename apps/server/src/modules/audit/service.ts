// Writing and reading the audit log (decision 0021). recordAudit is the one way a row is written.
import type { TAuditEntry, TAuditPage } from '@message-station/shared';
import type { DbOrTx } from '../../db/client.js';
import type { TAuditActor } from '../../platform/audit-rule.js';
import { AppError } from '../../platform/errors.js';
import type { TServiceContext } from '../../service-context.js';
import * as repo from './repo.js';

export type { TAuditActor };

export type TAuditRecord = {
  /** The station acted on; null for a service-wide action. */
  stationId: string | null;
  actor: TAuditActor | null;
  action: string;
  target?: { type: string; id: string | null } | null;
  details?: Record<string, unknown>;
  ip?: string | null;
  userAgent?: string | null;
  at: Date;
};

/** The one way a row is written: by the routes' hook (trail.ts) and by background work alike. */
export async function recordAudit(db: DbOrTx, record: TAuditRecord): Promise<void> {
  await repo.insertAuditRow(db, {
    stationId: record.stationId,
    actorUserId: record.actor?.userId ?? null,
    actorEmail: record.actor?.email ?? null,
    actorIsSuperadmin: record.actor?.isSuperadmin ?? false,
    action: record.action,
    targetType: record.target?.type ?? null,
    targetId: record.target?.id ?? null,
    details: record.details ?? {},
    ip: record.ip ?? null,
    userAgent: record.userAgent?.slice(0, 512) ?? null,
    // Milliseconds, as JavaScript holds them: the paging cursor compares exactly.
    createdAt: record.at,
  });
}

/** Whether the station's log holds an action, by whole code or area ('message_type'). */
export async function stationHasAudit(db: DbOrTx, stationId: string, action: string): Promise<boolean> {
  return (await repo.listAuditRows(db, { stationId, action }, 1)).length > 0;
}

/** Only the fields whose value changed, as { before, after }; none when nothing changed. */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  if (!before || !after) return null;
  const changes = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    changes.before[key] = before[key] ?? null;
    changes.after[key] = after[key] ?? null;
  }
  return Object.keys(changes.after).length > 0 ? changes : null;
}

export type TAuditListInput = {
  action?: string;
  actor?: string;
  from?: string;
  to?: string;
  cursor?: string;
  limit: number;
};

function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [iso, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  if (!id || extra !== undefined || Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw new AppError('audit_cursor_stale');
  }
  return { createdAt, id };
}

function dayStart(day: string, plusDays = 0): Date {
  const at = new Date(`${day}T00:00:00.000Z`);
  at.setUTCDate(at.getUTCDate() + plusDays);
  return at;
}

export function auditFilter(stationId: string, input: Omit<TAuditListInput, 'limit'>): repo.TAuditFilter {
  if (input.from && input.to && input.from > input.to) {
    throw new AppError('audit_dates_reversed');
  }
  return {
    stationId,
    action: input.action,
    actorUserId: input.actor,
    from: input.from ? dayStart(input.from) : undefined,
    until: input.to ? dayStart(input.to, 1) : undefined,
    before: input.cursor ? decodeCursor(input.cursor) : undefined,
  };
}

/** A row with its actor's current name (null once the account is gone, or for no account). */
export type TNamedAuditRow = repo.TAuditRow & { actorName: string | null };

export function toEntry(row: TNamedAuditRow): TAuditEntry {
  const hasActor = row.actorUserId !== null || row.actorEmail !== null;
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    action: row.action,
    actor: hasActor
      ? {
          user_id: row.actorUserId,
          email: row.actorEmail,
          full_name: row.actorName,
          is_superadmin: row.actorIsSuperadmin,
        }
      : null,
    target_type: row.targetType,
    target_id: row.targetId,
    details: (row.details ?? {}) as Record<string, unknown>,
    ip: row.ip,
    user_agent: row.userAgent,
  };
}

/** The actors' current names by id (the users module's, handed in by app.ts). */
export type TActorNames = (db: DbOrTx, userIds: string[]) => Promise<Map<string, string | null>>;

export async function listAudit(
  context: Pick<TServiceContext, 'db' | 'stationId'> & { actorNames: TActorNames },
  input: TAuditListInput,
): Promise<TAuditPage> {
  const rows = await repo.listAuditRows(context.db, auditFilter(context.stationId, input), input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  // The names are the users module's: one lookup for the page's actors, not a join of its table.
  const actorIds = [...new Set(page.flatMap((row) => (row.actorUserId ? [row.actorUserId] : [])))];
  const names = await context.actorNames(context.db, actorIds);
  return {
    entries: page.map((row) =>
      toEntry({ ...row, actorName: row.actorUserId ? (names.get(row.actorUserId) ?? null) : null }),
    ),
    next_cursor: rows.length > input.limit && last ? encodeCursor(last) : null,
  };
}
