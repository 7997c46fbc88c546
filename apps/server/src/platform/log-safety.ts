// What the logs may hold: errors without their SQL parameters (which carry password hashes,
// emails, phone numbers and tokens), and texts with those scrubbed; request lines without their
// query strings. Used as pino serializers by the server's logger.

const SCRUB: [RegExp, string][] = [
  [/\$argon2(id|i|d)\$[^\s,'"]+/g, '[password hash]'],
  [/\bms-[0-9a-f]{16,}\b/g, '[api key]'],
  [/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '[email]'],
  [/\+?\d[\d\s().-]{8,}\d/g, '[number]'],
];

/** Emails, phone numbers, password hashes and API keys in a text, replaced by what they were. */
export function scrubText(text: string): string {
  return SCRUB.reduce((out, [pattern, label]) => out.replace(pattern, label), text);
}

type TLoggedError = {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  constraint?: string;
  query?: string;
  cause?: TLoggedError;
};

/**
 * An error as it may be logged. Drizzle puts the parameters into its message ("Failed query: …
 * params: …") and on `params`; PostgreSQL's `detail` repeats the values of a violated key. Both are
 * dropped; the statement (placeholders only), the codes and the constraint stay for diagnosis.
 */
export function safeError(error: unknown, depth = 0): TLoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: scrubText(String(error)) };
  const withoutParams = (text: string) =>
    text.replace(/\nparams:[\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');
  const e = error as Error & { code?: unknown; constraint?: unknown; query?: unknown; cause?: unknown };
  const logged: TLoggedError = {
    type: e.name,
    message: scrubText(withoutParams(e.message)),
    ...(e.stack ? { stack: scrubText(withoutParams(e.stack)) } : {}),
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(typeof e.constraint === 'string' ? { constraint: e.constraint } : {}),
    ...(typeof e.query === 'string' ? { query: e.query } : {}),
  };
  if (e.cause !== undefined && depth < 4) logged.cause = safeError(e.cause, depth + 1);
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
