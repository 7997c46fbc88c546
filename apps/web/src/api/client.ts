// The one fetch helper: cookies, CSRF header, JSON bodies, `{ error }` replies as thrown ApiErrors.
import { COOKIE_NAMES } from '@message-station/shared';
import { rateLimitText } from './rate-limit-words';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ApiRequestOptions = {
  method?: HttpMethod;
  /** Sent as JSON, or as-is when it is FormData (multipart uploads). */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/** A failed call: `status` is the HTTP status (0 for a network failure), `message` the server's text. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export const NETWORK_ERROR_MESSAGE = 'Network error. Please try again.';

const STATE_CHANGING: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Value of a cookie readable by the page, or undefined. */
export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [rawName, ...rest] = part.trim().split('=');
    if (rawName === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export function hasCsrfCookie(): boolean {
  return Boolean(readCookie(COOKIE_NAMES.csrf));
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorText(body: unknown, status: number): string {
  const refusal = rateLimitText(body);
  if (refusal) return refusal;
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') {
    return body.error;
  }
  return `Request failed with status ${status}`;
}

/** A successful reply with its headers, for the few calls that carry data there (e.g. X-Total-Count). */
export type ApiReply<T> = { data: T; headers: Headers };

export async function api<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  return (await send<T>(path, options)).data;
}

/** Like api(), but also hands back the reply's headers. */
export function apiWithHeaders<T>(path: string, options: ApiRequestOptions = {}): Promise<ApiReply<T>> {
  return send<T>(path, options);
}

/** The server's words for a refused call (`{ error }` reply), else the given fallback text. */
export function serverErrorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const body = error.body;
  const refusal = rateLimitText(body);
  if (refusal) return refusal;
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string')
    return body.error;
  return fallback;
}

async function send<T>(path: string, options: ApiRequestOptions): Promise<ApiReply<T>> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;

  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  if (STATE_CHANGING.has(method)) {
    const csrfToken = readCookie(COOKIE_NAMES.csrf);
    if (csrfToken) headers['X-CSRF-Token'] = csrfToken;
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  const payload = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, errorText(payload, response.status), payload);
  return { data: payload as T, headers: response.headers };
}
