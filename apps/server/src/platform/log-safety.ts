// What the logs may hold: errors without their SQL parameters (which carry password hashes,
// emails, phone numbers and tokens), and texts with those scrubbed; request lines without their
// query strings. Used as pino serializers by the server's logger, so nothing here may throw,
// whatever it is given: a serializer that throws takes the log call, and the code that made it,
// down with it (decision 0051).

const SCRUB: [RegExp, string][] = [
  [/\$argon2(id|i|d)\$[^\s,'"]+/g, '[password hash]'],
  [/\bms-[0-9a-f]{16,}\b/g, '[api key]'],
  [/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '[email]'],
  [/\+?\d[\d\s().-]{8,}\d/g, '[number]'],
];

/** The longest text kept from one field (an HTML page in an error stays out of the logs). */
const MAX_TEXT = 4000;
/** How deep `cause` chains are followed. */
const MAX_CAUSES = 4;

/** Emails, phone numbers, password hashes and API keys in a text, replaced by what they were. */
export function scrubText(text: string): string {
  const value = typeof text === 'string' ? text : textOf(text);
  return SCRUB.reduce((out, [pattern, label]) => out.replace(pattern, label), value);
}

/** Any value as a text, never throwing (objects without a usable toString, symbols, getters that throw). */
function textOf(value: unknown): string {
  try {
    if (typeof value === 'string') return value;
    if (value === undefined) return '';
    if (value === null || typeof value !== 'object') return String(value);
    const json = JSON.stringify(value);
    return typeof json === 'string' ? json : Object.prototype.toString.call(value);
  } catch {
    try {
      return Object.prototype.toString.call(value);
    } catch {
      return '[unprintable]';
    }
  }
}

/** A property of anything, or undefined when reading it throws (proxies, getters). */
function read(value: unknown, key: string): unknown {
  try {
    return value !== null && (typeof value === 'object' || typeof value === 'function')
      ? (value as Record<string, unknown>)[key]
      : undefined;
  } catch {
    return undefined;
  }
}

const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}… [cut]` : text);

type TLoggedError = {
  type: string;
  message: string;
  stack?: string;
  code?: string | number;
  /** An HTTP status the error carries (a vendor's answer). */
  status?: number;
  constraint?: string;
  query?: string;
  cause?: TLoggedError;
};

/**
 * An error as it may be logged. Drizzle puts the parameters into its message ("Failed query: …
 * params: …") and on `params`; PostgreSQL's `detail` repeats the values of a violated key. Both are
 * dropped; the statement (placeholders only), the codes and the constraint stay for diagnosis.
 * Total: any value (an Error without a message, a non-Error object, null, a cyclic cause) gives a
 * record, never an exception.
 */
export function safeError(error: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): TLoggedError {
  try {
    return describe(error, depth, seen);
  } catch {
    return { type: 'unknown', message: '[an error that could not be described]' };
  }
}

function describe(error: unknown, depth: number, seen: WeakSet<object>): TLoggedError {
  const withoutParams = (text: string) =>
    text.replace(/\nparams:[\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');
  // Cut before scrubbing (a megabyte of HTML is not scanned) with room to spare, so that a number
  // cut in half by the first cut is past the second.
  const safeText = (value: unknown) => clip(scrubText(withoutParams(textOf(value).slice(0, MAX_TEXT * 2))));
  if (error === null || (typeof error !== 'object' && typeof error !== 'function')) {
    return { type: error === null ? 'null' : typeof error, message: safeText(error) };
  }
  if (seen.has(error)) return { type: 'cycle', message: '[the same error again]' };
  seen.add(error);
  const isError = error instanceof Error;
  const name = read(error, 'name');
  const message = read(error, 'message');
  const stack = read(error, 'stack');
  const code = read(error, 'code');
  const status = read(error, 'status');
  const constraint = read(error, 'constraint');
  const query = read(error, 'query');
  const logged: TLoggedError = {
    type: typeof name === 'string' && name ? name : isError ? 'Error' : 'object',
    // An error-like object says what it is in its message; anything else is shown whole (scrubbed).
    message:
      message !== undefined && message !== null
        ? safeText(message)
        : isError || typeof error === 'function'
          ? '[no message]'
          : safeText(error),
    ...(typeof stack === 'string' && stack ? { stack: safeText(stack) } : {}),
    ...(typeof code === 'string' || (typeof code === 'number' && Number.isFinite(code)) ? { code } : {}),
    ...(typeof status === 'number' && Number.isFinite(status) ? { status } : {}),
    ...(typeof constraint === 'string' ? { constraint: clip(constraint) } : {}),
    ...(typeof query === 'string' ? { query: clip(query) } : {}),
  };
  const cause = read(error, 'cause');
  if (cause !== undefined && depth < MAX_CAUSES) logged.cause = safeError(cause, depth + 1, seen);
  return logged;
}

/** A request as logged: the path without its query string (searches carry names and numbers). */
export function safeRequest(request: { method?: string; url?: string; ip?: string; id?: string }) {
  const url = request.url ?? '';
  const query = url.indexOf('?');
  return {
    method: request.method,
    url: query === -1 ? url : `${url.slice(0, query)}?[query]`,
    remoteAddress: request.ip,
  };
}

/** pino serializers for the server's logger (typed loosely: pino's own types want a stack). */
export const SAFE_LOG_SERIALIZERS: Record<string, (value: never) => unknown> = {
  err: (error: unknown) => safeError(error),
  error: (error: unknown) => safeError(error),
  req: safeRequest,
};
