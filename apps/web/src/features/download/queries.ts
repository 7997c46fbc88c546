// Download pages state: the desktop app's versions, one version's notes, and saving a zip.
import type { TAgentDownload } from '@message-station/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TDownloadedFile } from '../../api/file-download';
import { queryKeys } from '../../api/query-keys';
import { getReleaseNotes, listReleases } from '../../api/releases';
import { useUiLanguage } from '../../i18n/use-ui-language';
import { fileSaver } from '../../lib/save-file';

/** A list that cannot load shows as empty; the failure is only logged. */
async function loadReleases(signal: AbortSignal): Promise<string[]> {
  try {
    return await listReleases(signal);
  } catch (error) {
    if (signal.aborted) throw error;
    console.error('Failed to load releases', error);
    return [];
  }
}

export function useReleasesQuery() {
  return useQuery({ queryKey: queryKeys.releases, queryFn: ({ signal }) => loadReleases(signal) });
}

export function useReleaseNotesQuery(version: string | null) {
  const language = useUiLanguage();
  return useQuery({
    queryKey: [...queryKeys.releaseNotes, version, language],
    queryFn: ({ signal }) => getReleaseNotes(version ?? '', language, signal),
    enabled: Boolean(version),
  });
}

/** One archive to fetch, and the name it is saved under ('Message Station-{version}.zip' for the bundle). */
export type TZipRequest = { version: string; platform: TAgentDownload; fileName: string };

/** Fetches a version's archive and saves it under the request's file name. */
export function useZipDownload(fetchZip: (request: TZipRequest) => Promise<TDownloadedFile>) {
  return useMutation({
    mutationFn: async (request: TZipRequest) => {
      const zip = await fetchZip(request);
      fileSaver.save(zip.blob, request.fileName);
    },
    onError: (error) => console.error('Download failed', error),
  });
}
