// Typed calls of the Audit page: the station's audit log, a page at a time, and its CSV export.
import { auditCsv, auditList, type TAuditQuery } from '@message-station/shared';
import { call, endpointUrl } from './call';

/** The route's query without its paging (the cursor and page size). */
export type TAuditFilters = Omit<TAuditQuery, 'cursor' | 'limit'>;

export function listAudit(filters: TAuditFilters, cursor: string | null, signal?: AbortSignal) {
  return call(auditList, { query: { ...filters, cursor: cursor || undefined }, signal });
}

/** The export of what the filters show (every page), as the server names the file. */
export function auditCsvPath(filters: TAuditFilters): string {
  return endpointUrl(auditCsv, { query: filters });
}
