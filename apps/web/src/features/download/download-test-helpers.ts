// Test fixtures for the download pages: a signed-in user, releases with their notes, and zips.
import type { TReleaseNotes } from '@message-station/shared';
import { mockApi, type TApiHandler } from '../../test/api-mock';
import { jsonResponse, sessionUser } from '../../test/render-app';

export function releaseNotes(overrides: Partial<TReleaseNotes> = {}): TReleaseNotes {
  return {
    version: '2.0.1',
    notes: '',
    released_at: '2026-11-20T15:00:00.000Z',
    size_bytes: 2_450_000,
    sha256: 'a'.repeat(64),
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
