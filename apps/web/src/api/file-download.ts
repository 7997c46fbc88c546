// Files the dashboard downloads (release zips, rendered audio): fetched with the session cookie so a
// refusal's `{ error }` text can be shown, and named as the server's Content-Disposition says.
import { COOKIE_NAMES } from '@message-station/shared';
import { ApiError, loadErrorWords, NETWORK_ERROR_MESSAGE, readCookie } from './client';

export type TDownloadedFile = { blob: Blob; fileName: string | null };

/** The file name of a Content-Disposition header: `filename*` (RFC 5987) first, then `filename`. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed escape: fall back to the plain filename.
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(header);
  if (quoted?.[1]) return quoted[1].replace(/\\(.)/g, '$1');
  const bare = /filename\s*=\s*([^;\s]+)/.exec(header);
  return bare?.[1] ?? null;
}

async function refusal(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = (await response.json()) as unknown;
  } catch {
    body = undefined;
  }
  const text =
    body && typeof body === 'object' && 'error' in body && typeof body.error === 'string'
      ? body.error
      : `Request failed with status ${response.status}`;
  await loadErrorWords();
  return new ApiError(response.status, text, body);
}

/**
 * GETs a file, or POSTs `body` as JSON (with the CSRF header) for one rendered from it; a refusal
 * throws an ApiError carrying the server's `{ error }` reply.
 */
export async function fetchFile(path: string, post?: { body: unknown }): Promise<TDownloadedFile> {
  const headers: Record<string, string> = { Accept: '*/*' };
  const csrfToken = post ? readCookie(COOKIE_NAMES.csrf) : undefined;
  if (post) headers['Content-Type'] = 'application/json';
  if (csrfToken) headers['X-CSRF-Token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'include',
      headers,
      ...(post ? { method: 'POST', body: JSON.stringify(post.body) } : {}),
    });
  } catch {
    await loadErrorWords();
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) throw await refusal(response);
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get('content-disposition')),
  };
}
