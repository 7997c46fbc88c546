// The audit log as CSV (RFC 4180) that a spreadsheet opens safely: UTF-8 with a BOM, and no cell
// can start a formula (OWASP "CSV injection").
import type { TAuditEntry } from '@message-station/shared';

const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r']);

/** One cell: a formula start is defused with a quote; quotes, commas and line breaks are quoted. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (text.length > 0 && FORMULA_STARTS.has(text.charAt(0))) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

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
  return [
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
  ]
    .map(csvCell)
    .join(',');
}

export const CSV_BOM = '\uFEFF';

export function auditCsv(entries: TAuditEntry[]): string {
  const lines = [AUDIT_CSV_HEADER.join(','), ...entries.map(auditCsvRow)];
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
