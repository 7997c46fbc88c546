// Test fixtures for the download pages: a signed-in user, releases with their notes, and zips.
import {
  releaseZipName,
  type TAgentDownload,
  type TReleaseDownload,
  type TReleaseNotes,
} from '@message-station/shared';
import { mockApi, type TApiHandler } from '../../test/api-mock';
import { jsonResponse, sessionUser } from '../../test/render-app';

/** Each archive's size and SHA-256 differ, so a test can tell which one the page shows. */
const ARCHIVES: Record<TAgentDownload, { size_bytes: number; sha256: string }> = {
  'windows-x64': { size_bytes: 38_200_000, sha256: 'b'.repeat(64) },
  'macos-x64': { size_bytes: 41_700_000, sha256: 'c'.repeat(64) },
  'linux-x64': { size_bytes: 43_900_000, sha256: 'd'.repeat(64) },
  node: { size_bytes: 2_450_000, sha256: 'a'.repeat(64) },
};

/** The archives of `version` on `platforms`, as its release lists them. */
export function releaseDownloads(
  version: string,
  platforms: readonly TAgentDownload[] = ['windows-x64', 'macos-x64', 'linux-x64', 'node'],
): TReleaseDownload[] {
  return platforms.map((platform) => ({
    platform,
    file_name: releaseZipName(version, platform),
    ...ARCHIVES[platform],
  }));
}

export function releaseNotes(overrides: Partial<TReleaseNotes> = {}): TReleaseNotes {
  const version = overrides.version ?? '2.0.1';
  return {
    version,
    notes: '',
    released_at: '2026-11-20T15:00:00.000Z',
    size_bytes: ARCHIVES.node.size_bytes,
    sha256: ARCHIVES.node.sha256,
    downloads: releaseDownloads(version),
    ...overrides,
  };
}

export function zipResponse(fileName: string): Response {
  return new Response(new Blob(['PK'], { type: 'application/zip' }), {
    status: 200,
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${fileName}"`,
    },
  });
}

export function mockDownloadApi(handlers: Record<string, TApiHandler>) {
  return mockApi({
    'GET /auth/session': () => jsonResponse(sessionUser()),
    ...handlers,
  });
}
