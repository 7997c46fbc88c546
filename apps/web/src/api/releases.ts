// Typed calls for the desktop app's releases: the versions, each version's notes, and
// the zips a signed-in user downloads.
import {
  machinesAppPilot,
  machinesRelease,
  publicReleaseNotes,
  publicReleases,
  type TAgentDownload,
  type TReleaseNotes,
  type TReleaseNotesQuery,
} from '@message-station/shared';
import { call, endpointUrl } from './call';
import { fetchFile, type TDownloadedFile } from './file-download';

/** Newest first. */
export async function listReleases(signal?: AbortSignal): Promise<string[]> {
  const reply = await call(publicReleases, { signal });
  return reply.releases;
}

/** 404 'Release not found' for an unknown version. */
export function getReleaseNotes(
  version: string,
  language: NonNullable<TReleaseNotesQuery['language']>,
  signal?: AbortSignal,
): Promise<TReleaseNotes> {
  return call(publicReleaseNotes, { params: { version }, query: { language }, signal });
}

/** One archive of a version: a platform's single executable, or `node`, the script bundle. */
export function downloadRelease(version: string, platform: TAgentDownload): Promise<TDownloadedFile> {
  return fetchFile(endpointUrl(machinesRelease, { params: { version }, query: { platform } }));
}

/** The App Pilot build: always version 2.0.1, the macOS x64 single executable. */
export function downloadAppPilot(): Promise<TDownloadedFile> {
  return fetchFile(endpointUrl(machinesAppPilot));
}
