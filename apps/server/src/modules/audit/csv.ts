// The audit log as CSV (platform/csv.ts: safe to open in a spreadsheet).
import type { TAuditEntry } from '@message-station/shared';
import { csvDocument, csvRow } from '../../platform/csv.js';

export const AUDIT_CSV_HEADER = [
  'time_utc',
  'actor_email',
  'actor_name',
  'actor_is_superadmin',
  'action',
  'target_type',
  'target_id',
  'ip',
  'user_agent',
  'details',
];

export function auditCsvRow(entry: TAuditEntry): string {
  return csvRow([
    entry.created_at,
    entry.actor?.email,
    entry.actor?.full_name,
    entry.actor ? entry.actor.is_superadmin : '',
    entry.action,
    entry.target_type,
    entry.target_id,
    entry.ip,
    entry.user_agent,
    Object.keys(entry.details).length > 0 ? JSON.stringify(entry.details) : '',
  ]);
}

export function auditCsv(entries: TAuditEntry[]): string {
  return csvDocument(AUDIT_CSV_HEADER, entries.map(auditCsvRow));
}
