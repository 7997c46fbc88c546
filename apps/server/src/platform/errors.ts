// AppError carries a status and a text safe to show; the error handler turns it into {error}.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { isStorableText, UNSTORABLE_TEXT_ERROR } from '@message-station/shared';
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

export { UNSTORABLE_TEXT_ERROR };

/** Our words for a body the server could not read (decision 0024). */
export const PARSE_ERRORS = {
  invalidJson: 'The request body is not valid JSON.',
  emptyJson: 'The request body is empty. Send a JSON object.',
  unsupportedMediaType: 'Unsupported content type. Send JSON (Content-Type: application/json).',
  notMultipart: 'Send the file as multipart/form-data.',
  tooLarge: 'The request body is too large.',
  tooManyParts: 'The upload has too many files or fields.',
  contentLength: 'The request body does not match its Content-Length.',
  badRequest: 'The request could not be read.',
  headersTooLarge: 'The request headers are too large.',
  timeout: 'The request took too long to arrive.',
} as const;

/** Fastify's and @fastify/multipart's codes for an unreadable request → status and our text. */
const PARSE_ERROR_CODES: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, PARSE_ERRORS.invalidJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, PARSE_ERRORS.emptyJson],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, PARSE_ERRORS.unsupportedMediaType],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, PARSE_ERRORS.tooLarge],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, PARSE_ERRORS.contentLength],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, PARSE_ERRORS.notMultipart],
  FST_INVALID_JSON_FIELD_ERROR: [400, PARSE_ERRORS.invalidJson],
  FST_PROTO_VIOLATION: [400, PARSE_ERRORS.invalidJson],
  FST_PARTS_LIMIT: [413, PARSE_ERRORS.tooManyParts],
  FST_FILES_LIMIT: [413, PARSE_ERRORS.tooManyParts],
  FST_FIELDS_LIMIT: [413, PARSE_ERRORS.tooManyParts],
};

/**
 * What the HTTP parser refuses before Fastify sees a request (a broken request line, huge
 * headers, a slow client) also answers JSON {error}, not Fastify's default shape.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, PARSE_ERRORS.timeout]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, PARSE_ERRORS.headersTooLarge]
        : [400, PARSE_ERRORS.badRequest];
  const body = JSON.stringify({ error: text });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Whether any string in a parsed body, query or params (at any depth) is unstorable text. */
export function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !isStorableText(value);
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasUnstorableText(v, depth + 1));
  return Object.entries(value).some(([k, v]) => !isStorableText(k) || hasUnstorableText(v, depth + 1));
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

/** Whether a route reads multipart uploads (it says so with `consumes` in its schema). */
function takesMultipart(schema: unknown): boolean {
  const consumes = (schema as { consumes?: string[] } | undefined)?.consumes;
  return Boolean(consumes?.includes('multipart/form-data'));
}

export function registerErrorHandler(app: FastifyInstance) {
  // Routes take JSON (webhooks: forms, uploads: multipart); text/plain is no body any route reads.
  app.removeContentTypeParser('text/plain');
  // Anyone, signed in or not, gets a clear 400 for unstorable text instead of a database error.
  app.addHook('preValidation', async (request) => {
    const multipart = request.headers['content-type']?.toLowerCase().startsWith('multipart/');
    if (multipart && !takesMultipart(request.routeOptions.schema)) {
      throw new AppError(415, PARSE_ERRORS.unsupportedMediaType);
    }
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
    const parseError = error.code ? PARSE_ERROR_CODES[error.code] : undefined;
    if (parseError) return reply.status(parseError[0]).send({ error: parseError[1] });
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
