// AppError carries a status and a text safe to show; the error handler turns it into {error}.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Codes and parameters the client words itself (sent beside `error`). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Not found') => new AppError(404, what);
export const forbidden = (message: string) => new AppError(403, message);
export const unauthorized = (message = 'Authentication required') => new AppError(401, message);

type TValidationIssue = { instancePath?: string; message?: string };

/**
 * Our schemas word their own messages for people ("Password must be at least 8 characters
 * long."): those are shown as they are. zod's defaults ("Invalid input: expected string", "Too
 * small: …") get the field's name in front. Only the first problem is named, as a form would.
 */
const LIBRARY_MESSAGE =
  /^(Invalid (input|option|value|string|element|key|union)|Too (small|big)|Unrecognized)\b/;

export function describeValidation(issues: TValidationIssue[]): string {
  const [issue] = issues;
  if (!issue) return 'Invalid request';
  const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const message = issue.message ?? 'is invalid';
  return field && LIBRARY_MESSAGE.test(message) ? `${field}: ${message}` : message;
}

/** NUL, and a surrogate without its pair: text no column can store and no person typed. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);
export const UNSTORABLE_TEXT_ERROR = 'Text must not contain NUL characters or invalid Unicode.';

/** Whether any string in a parsed body, query or params (at any depth) is unstorable text. */
export function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return unstorable(value);
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasUnstorableText(v, depth + 1));
  return Object.entries(value).some(([k, v]) => unstorable(k) || hasUnstorableText(v, depth + 1));
}

/**
 * An upload whose multipart body is cut off or malformed is the client's fault: 400, not 500.
 * Errors we raised ourselves (AppError, size limits mapped by the route) pass through.
 */
export function uploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return error;
  const status = (error as { statusCode?: number }).statusCode;
  if (status !== undefined && status < 500) return error;
  return new AppError(400, 'The upload was cut off or malformed. Please try again.');
}

export function registerErrorHandler(app: FastifyInstance) {
  // Anyone, signed in or not, gets a clear 400 for unstorable text instead of a database error.
  app.addHook('preValidation', async (request) => {
    if (
      hasUnstorableText(request.query) ||
      hasUnstorableText(request.params) ||
      hasUnstorableText(request.body)
    ) {
      throw new AppError(400, UNSTORABLE_TEXT_ERROR);
    }
  });
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      // Shared rate limits (decision 0019) say when to come back, as the route limits do.
      const retryAfter = error.details?.retry_after_seconds;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return reply.status(error.statusCode).send({ ...error.details, error: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ error: describeValidation(error.validation) });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply.status(status).send({ error: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'Internal server error' });
  });
}

/** A unique constraint refused the write (PostgreSQL 23505), however the driver wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}
