// Audit page state: the log, newest first, one page after another as the admin asks for more.
import { useInfiniteQuery } from '@tanstack/react-query';
import { auditCsvPath, listAudit, type TAuditFilters } from '../../api/audit';
import { queryKeys } from '../../api/query-keys';
import { useFileExportMutation } from '../../lib/save-file';

export function useAuditQuery(filters: TAuditFilters) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.audit, filters],
    queryFn: ({ pageParam, signal }) => listAudit(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
}

export function useAuditExportMutation() {
  const exporting = useFileExportMutation('audit.csv');
  return { ...exporting, mutate: (filters: TAuditFilters) => exporting.mutate(auditCsvPath(filters)) };
}
