// What the HTTP engines share: one request with a deadline, the answer read as JSON when it is
// JSON, and failures put into words an operator understands (never with the API key in them).
import { LANGUAGE_CODES, languageName, type TEngineTestProblem } from '@message-station/shared';
import type { TFetch } from '../../platform/public-fetch.js';
import { requestIdHeaders } from '../../platform/request-context.js';
import {
  type TEngineOptions,
  type TLanguageCode,
  TranslationError,
  type TTranslationFailureKind,
} from './types.js';

export type THttpEngine = {
  /** Provider name in configuration, e.g. 'deepl'. */
  provider: string;
  /** How people call it, e.g. 'DeepL'. */
  label: string;
  timeoutMs: number;
  /** The station's guarded fetch for its own engine (TEngineOptions.fetch); else the global one. */
  fetch?: TFetch;
};

export type THttpReply = {
  status: number;
  body: unknown;
  text: string;
  /** The answer's Content-Type, when it said one. */
  contentType?: string;
  /** What Retry-After asked for (429, 503), in seconds. */
  retryAfterSeconds?: number;
};

/** Retry-After as seconds: a number of seconds or an HTTP date; nothing when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

export async function sendRequest(engine: THttpEngine, url: string, init: RequestInit): Promise<THttpReply> {
  try {
    const response = await (engine.fetch ?? fetch)(url, {
      ...init,
      headers: { ...requestIdHeaders(), ...(init.headers as Record<string, string> | undefined) },
      signal: AbortSignal.timeout(engine.timeoutMs),
    });
    // The deadline covers the body too: an answer that stalls halfway is a timeout like no answer.
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return {
      status: response.status,
      body,
      text,
      contentType: response.headers.get('content-type') ?? undefined,
      retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')),
    };
  } catch (error) {
    throw unreachable(engine, error);
  }
}

/** No answer at all: refused connection, unknown host, or no answer before the deadline. */
export function unreachable(engine: THttpEngine, error: unknown): TranslationError {
  const name = (error as Error | undefined)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return withProblem(
      new TranslationError(
        'transient',
        `${engine.label} did not answer within ${formatSeconds(engine.timeoutMs)}`,
        engine.provider,
      ),
      'timeout',
    );
  }
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  const reason = cause?.code ?? cause?.message ?? (error as Error | undefined)?.message ?? 'no answer';
  return withProblem(
    new TranslationError('transient', `${engine.label} could not be reached (${reason})`, engine.provider),
    'unreachable',
  );
}

export function withProblem(error: TranslationError, problem: TEngineTestProblem): TranslationError {
  error.problem = problem;
  return error;
}

/** The usual meaning of an HTTP status for an engine's settings; vendors refine it. */
export function problemForStatus(status: number): TEngineTestProblem {
  if (status === 401 || status === 403) return 'bad_key';
  if (status === 456) return 'quota';
  if (status === 429) return 'rate_limited';
  if (status === 404) return 'not_found';
  if (status >= 500) return 'unavailable';
  return 'refused';
}

/** The usual meaning of an HTTP status for a translation request; vendors refine it. */
export function kindForStatus(status: number): TTranslationFailureKind {
  if (status === 408 || status === 425 || status === 429 || status >= 500) return 'transient';
  return 'permanent';
}

export function httpFailure(
  engine: THttpEngine,
  reply: THttpReply,
  kind: TTranslationFailureKind = kindForStatus(reply.status),
  plain?: string,
  problem: TEngineTestProblem = problemForStatus(reply.status),
): TranslationError {
  const detail = errorDetail(reply);
  const words = plain ?? defaultWords(engine.label, reply.status);
  const wait = reply.retryAfterSeconds !== undefined ? `, asked to wait ${reply.retryAfterSeconds} s` : '';
  const error = new TranslationError(
    kind,
    `${words} (HTTP ${reply.status}${wait})${detail ? `: ${detail}` : ''}`,
    engine.provider,
    reply.status,
  );
  error.retryAfterSeconds = reply.retryAfterSeconds;
  return withProblem(error, problem);
}

function defaultWords(label: string, status: number): string {
  if (status === 401 || status === 403) return `${label} refused the API key`;
  if (status === 429) return `${label} is limiting the request rate`;
  if (status >= 500) return `${label} is unavailable`;
  if (status === 404) return `${label} was not found at the configured address`;
  return `${label} refused the request`;
}

/**
 * The vendor's own explanation, from the usual places in an error body, kept short and on one
 * line: a page of HTML (a gateway's 502) or a body of another shape says nothing.
 */
export function errorDetail(reply: THttpReply): string {
  const body = reply.body as Record<string, unknown> | undefined;
  const candidates: unknown[] = [];
  const html = reply.text.trimStart().startsWith('<') || /html|xml/i.test(reply.contentType ?? '');
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const error = body.error as Record<string, unknown> | string | undefined;
    if (typeof error === 'string') candidates.push(error);
    else if (error && typeof error === 'object') candidates.push(error.message);
    candidates.push(body.explanation, body.message, body.detail, body.responseDetails);
  } else if (typeof body === 'string') {
    candidates.push(body);
  } else if (body === undefined && reply.text && !html) {
    candidates.push(reply.text);
  }
  const found = candidates.find((c): c is string => typeof c === 'string' && c.trim() !== '');
  if (!found) return '';
  // One line of printable text (no control characters to forge log lines with).
  const oneLine = found
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return oneLine.length > 200 ? `${oneLine.slice(0, 197)}...` : oneLine;
}

/** Where an admin fixes an engine's setting: the environment's variable, or the station's page. */
export function checkSetting(options: TEngineOptions, variable: string, stationWords = 'the key'): string {
  return options.station ? `check ${stationWords} in Settings → Translation` : `check ${variable}`;
}

/** A 2xx answer that does not hold what the API promises. */
export function malformed(engine: THttpEngine): TranslationError {
  return withProblem(
    new TranslationError(
      'transient',
      `${engine.label} answered without a translation in it`,
      engine.provider,
    ),
    'bad_answer',
  );
}

/**
 * The engine's answer, refused when it is empty (or only spaces) for a text with something in it:
 * an empty translation must never be stored as one. Asking the same engine again will not help.
 */
export function requireText(
  engine: THttpEngine,
  from: TLanguageCode,
  to: TLanguageCode,
  sent: string,
  answer: string,
): string {
  if (/\S/.test(answer) || !/\S/.test(sent)) return answer;
  throw withProblem(
    new TranslationError(
      'permanent',
      `${engine.label} returned no text for ${languageName(from)} → ${languageName(to)}`,
      engine.provider,
    ),
    'bad_answer',
  );
}

export function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

/** For engines that cover all nine languages: any pair of two different ones. */
export function anyPairOfTheNine(from: TLanguageCode, to: TLanguageCode): boolean {
  return from !== to && LANGUAGE_CODES.includes(from) && LANGUAGE_CODES.includes(to);
}

export function trimBaseUrl(url: string): string {
  return url.replace(/\/+$/, '');
}
