// Audit page state: the log, newest first, one page after another as the admin asks for more.
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { auditCsvPath, listAudit, type TAuditFilters } from '../../api/audit';
import { fetchFile } from '../../api/file-download';
import { queryKeys } from '../../api/query-keys';
import { fileSaver } from '../download/save-file';

export function useAuditQuery(filters: TAuditFilters) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.audit, filters],
    queryFn: ({ pageParam, signal }) => listAudit(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
}

export function useAuditExportMutation() {
  return useMutation({
    mutationFn: async (filters: TAuditFilters) => {
      const file = await fetchFile(auditCsvPath(filters));
      fileSaver.save(file.blob, file.fileName ?? 'audit.csv');
    },
  });
}
