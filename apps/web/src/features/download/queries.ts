// Download pages state: the desktop app's versions, one version's notes, and saving a zip.
import { releaseZipName } from '@message-station/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TDownloadedFile } from '../../api/file-download';
import { queryKeys } from '../../api/query-keys';
import { getReleaseNotes, listReleases } from '../../api/releases';
import { useUiLanguage } from '../../i18n/use-ui-language';
import { fileSaver } from './save-file';

/** A list that cannot load shows as empty; the failure is only logged (spec §8). */
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

/** Fetches a version's zip and saves it as 'Message Station-{version}.zip' (spec §7). */
export function useZipDownload(fetchZip: (version: string) => Promise<TDownloadedFile>) {
  return useMutation({
    mutationFn: async (version: string) => {
      const zip = await fetchZip(version);
      fileSaver.save(zip.blob, releaseZipName(version));
    },
    onError: (error) => console.error('Download failed', error),
  });
}
