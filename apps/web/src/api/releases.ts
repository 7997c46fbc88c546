// Typed calls for the desktop app's releases (spec §7): the versions, each version's notes, and
// the zips a signed-in user downloads.
import type {
  TAgentDownload,
  TReleaseList,
  TReleaseNotes,
  TReleaseNotesQuery,
} from '@message-station/shared';
import { api } from './client';
import { fetchFile, type TDownloadedFile } from './file-download';

/** Newest first. */
export async function listReleases(signal?: AbortSignal): Promise<string[]> {
  const reply = await api<TReleaseList>('/api/releases', { signal });
  return reply.releases;
}

/** 404 'Release not found' for an unknown version. */
export function getReleaseNotes(
  version: string,
  language: NonNullable<TReleaseNotesQuery['language']>,
  signal?: AbortSignal,
): Promise<TReleaseNotes> {
  return api<TReleaseNotes>(`/api/releases/${encodeURIComponent(version)}?language=${language}`, { signal });
}

/** One archive of a version: a platform's single executable, or `node`, the script bundle. */
export function downloadRelease(version: string, platform: TAgentDownload): Promise<TDownloadedFile> {
  return fetchFile(
    `/admin/api/download/app/${encodeURIComponent(version)}?platform=${encodeURIComponent(platform)}`,
  );
}

/** The App Pilot build: always version 2.0.1, the macOS x64 single executable. */
export function downloadAppPilot(): Promise<TDownloadedFile> {
  return fetchFile('/admin/api/download/app-pilot');
}
