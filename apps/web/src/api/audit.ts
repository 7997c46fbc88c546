// Typed calls of the Audit page: the station's audit log, a page at a time, and its CSV export.
import type { TAuditPage, TAuditQuery } from '@message-station/shared';
import { api } from './client';

/** The route's query without its paging (the cursor and page size). */
export type TAuditFilters = Omit<TAuditQuery, 'cursor' | 'limit'>;

function queryString(filters: TAuditFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...extra })) {
    if (value) params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function listAudit(filters: TAuditFilters, cursor: string | null, signal?: AbortSignal) {
  return api<TAuditPage>(`/admin/api/audit${queryString(filters, cursor ? { cursor } : {})}`, { signal });
}

/** The export of what the filters show (every page), as the server names the file. */
export function auditCsvPath(filters: TAuditFilters): string {
  return `/admin/api/audit.csv${queryString(filters)}`;
}
