// The one fetch helper: cookies, CSRF header, JSON bodies, `{ error, code, params }` replies as
// thrown ApiErrors worded in the interface language (decision 0028).
import { COOKIE_NAMES } from '@message-station/shared';
import { loadNamespaces } from '../i18n';
import type { TErrorParams } from './error-words';
import { rateLimitText } from './rate-limit-words';

/**
 * The code that words a refusal (./error-words: the shared error catalogue, which brings the
 * modules of every refusal's domain), loaded with the first refusal instead of with every page:
 * this module is part of the start (decision 0062).
 */
let errorWords: typeof import('./error-words') | undefined;

/**
 * Loads what words a refusal: the `errors` texts of the interface language and ./error-words.
 * Never fatal (a refusal without them keeps the server's English). Every refusal this module and
 * file-download.ts throw waits for it first.
 */
export async function loadErrorWords(): Promise<void> {
  await Promise.all([
    loadNamespaces(['errors']).catch(() => undefined),
    errorWords
      ? undefined
      : import('./error-words').then(
          (module) => {
            errorWords = module;
          },
          () => undefined,
        ),
  ]);
}

/** The refusal in the interface language, once loadErrorWords() has run; else null. */
function codeText(code: string, params: TErrorParams): string | null {
  return errorWords?.codeText(code, params) ?? null;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ApiRequestOptions = {
  method?: HttpMethod;
  /** Sent as JSON, or as-is when it is FormData (multipart uploads). */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * false: a refusal the caller reads as an answer, never shown (the session check's 401: signed
   * out), is thrown in the server's words, without loading the interface language's.
   */
  wordRefusal?: boolean;
};

/**
 * A failed call: `status` is the HTTP status (0 for a network failure); `code` and `params` the
 * server's stable refusal code (ERROR_CODES) and its values; `message` the refusal in the interface
 * language when the code is known, else the server's text, which `serverMessage` always keeps.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly code: string | null;
  readonly params: TErrorParams;
  readonly serverMessage: string;

  constructor(status: number, message: string, body?: unknown) {
    const refusal = refusalOf(body);
    // A call that never reached the server: the web's own code, worded like the server's.
    const code = refusal.code ?? (status === 0 ? 'network_error' : null);
    const { params } = refusal;
    super(rateLimitText(body) ?? (code ? codeText(code, params) : null) ?? message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.code = code;
    this.params = params;
    this.serverMessage = message;
  }
}

function refusalOf(body: unknown): { code: string | null; params: TErrorParams } {
  if (!body || typeof body !== 'object') return { code: null, params: {} };
  const { code, params } = body as { code?: unknown; params?: unknown };
  return {
    code: typeof code === 'string' ? code : null,
    params: params && typeof params === 'object' ? (params as TErrorParams) : {},
  };
}

/**
 * The English of the web's own `network_error` refusal: the catalogue's text (client.test.ts checks
 * it is), written out so that the start does not load the catalogue.
 */
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

/** The server's own (English) text of a refusal. */
function serverText(body: unknown, status: number): string {
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

/** A refused call in words (its code worded in the interface language, else the server's text), else the fallback. */
export function serverErrorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const body = error.body;
  if (!body || typeof body !== 'object') return fallback;
  const worded = rateLimitText(body) ?? (error.code ? codeText(error.code, error.params) : null);
  if (worded) return worded;
  if ('error' in body && typeof body.error === 'string') return body.error;
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
    await loadErrorWords();
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  const payload = await readBody(response);
  if (!response.ok) {
    // The refusal's words; a page that has not needed them yet fetches them now (never fatal).
    if (options.wordRefusal !== false) await loadErrorWords();
    throw new ApiError(response.status, serverText(payload, response.status), payload);
  }
  return { data: payload as T, headers: response.headers };
}
