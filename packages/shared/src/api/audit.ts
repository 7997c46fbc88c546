// The endpoint table (decision 0067): The station's audit log and its CSV export.
import type { z } from 'zod';
import { type ZAuditPage, ZAuditQuery } from '../audit.js';
import { endpoint, type TFileReply } from './endpoint.js';

/** The export's query: the list's filters without its paging. */
export type TAuditCsvQuery = Omit<z.input<typeof ZAuditQuery>, 'cursor' | 'limit'>;

/** GET /admin/api/audit */
export const auditList = endpoint('GET', '/admin/api/audit', { query: ZAuditQuery }).returns<
  typeof ZAuditPage
>();

/** GET /admin/api/audit.csv */
export const auditCsv = endpoint('GET', '/admin/api/audit.csv').returns<
  TFileReply,
  { query: TAuditCsvQuery }
>();

/** The area's entries by name. */
export const auditEndpoints = {
  list: auditList,
  csv: auditCsv,
};
