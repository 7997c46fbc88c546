// AppError carries a stable code from the shared catalogue and its params; its HTTP status is the
// code's entry in ERROR_STATUS (decision 0032), so one code always answers one status. The error
// handler sends {error, code, params} with `error` the catalogue's English text (decision 0028).
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import {
  ERROR_CODES,
  ERROR_STATUS,
  errorText,
  isErrorCode,
  isStorableText,
  RELAYED_STATUS_CODES,
  readRefusal,
  type TCodeWithStatus,
  type TErrorCode,
  type TErrorParamName,
  type TErrorParamValue,
  type TRelayedStatusCode,
  UNSTORABLE_TEXT_ERROR,
} from '@message-station/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

export { RELAYED_STATUS_CODES };

/** Fields a few refusals carry beside `{error, code, params}` (rate limits' `retry_after_seconds`). */
export type TErrorExtra = Record<string, unknown>;

/** A code's params: required when its text has placeholders, else nothing (or only extras). */
export type TErrorArgs<C extends TErrorCode> = [TErrorParamName<C>] extends [never]
  ? [params?: Record<string, never>, extra?: TErrorExtra]
  : [params: { [K in TErrorParamName<C>]: TErrorParamValue }, extra?: TErrorExtra];

export class AppError<C extends TErrorCode = TErrorCode> extends Error {
  readonly code: C;
  readonly params: Record<string, TErrorParamValue>;
  /** Fields sent beside `{error, code, params}` (never `code`, `params` or `error`). */
  readonly details?: TErrorExtra;

  constructor(code: C, ...[params, extra]: TErrorArgs<C>) {
    const filled = (params ?? {}) as Record<string, TErrorParamValue>;
    super(errorText(code, filled));
    this.name = 'AppError';
    this.code = code;
    this.params = filled;
    this.details = extra;
  }

  /** Set by AppError.relayed only. */
  #relayedStatus: number | undefined;

  /** ERROR_STATUS[code], except for a relayed code (AppError.relayed). */
  get statusCode(): number {
    return this.#relayedStatus ?? ERROR_STATUS[this.code];
  }

  /**
   * A refusal whose status was decided elsewhere (Fastify's own 4xx, another node's answer): only
   * the codes of RELAYED_STATUS_CODES may carry a status that is not their table entry.
   */
  static relayed<C extends TRelayedStatusCode>(status: number, code: C, ...args: TErrorArgs<C>): AppError<C> {
    if (!(RELAYED_STATUS_CODES as readonly string[]).includes(code)) {
      throw new TypeError(`${code} takes its status from ERROR_STATUS`);
    }
    const error = new AppError(code, ...args);
    error.#relayedStatus = status;
    return error;
  }
}

export const notFound = <C extends TCodeWithStatus<404> = 'not_found'>(code?: C, ...rest: TErrorArgs<C>) =>
  new AppError(code ?? ('not_found' as C), ...rest);
export const forbidden = <C extends TCodeWithStatus<403>>(code: C, ...rest: TErrorArgs<C>) =>
  new AppError(code, ...rest);
export const unauthorized = () => new AppError('authentication_required');

/**
 * A refusal handed over as data (another node's answer): a known code answers its table's status
 * whatever the wire said; anything else is relayed as `machine_refused` with the wire's status.
 */
export function refusalFromWire(status: number, code: unknown, params: unknown, text?: string): AppError {
  if (isErrorCode(code)) {
    return new AppError(code, ...([params ?? {}] as unknown as TErrorArgs<typeof code>));
  }
  return AppError.relayed(status, 'machine_refused', {
    detail: text ?? errorText('machine_unreachable'),
  });
}

/** The JSON body of a refusal. */
export function errorBody(error: AppError): Record<string, unknown> {
  return { ...error.details, error: error.message, code: error.code, params: error.params };
}

type TValidationIssue = { instancePath?: string; message?: string };

/**
 * Our schemas refuse with a catalogue code and its params, carried in the issue's message
 * (refusal() of the shared package, decision 0068): the answer is that code, worded by the
 * catalogue. zod's defaults ("Invalid input: expected string", "Too small: …") get the field's name
 * in front and the code `invalid_field`. Only the first problem is named, as a form would.
 */
const LIBRARY_MESSAGE =
  /^(Invalid (input|option|value|string|element|key|union)|Too (small|big)|Unrecognized)\b/;

/** The refusal for a request our schemas rejected. */
export function validationError(issues: TValidationIssue[]): AppError {
  const [issue] = issues;
  if (!issue) return new AppError('invalid_request');
  const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const message = issue.message ?? 'is invalid';
  const carried = readRefusal(message);
  if (carried) return new AppError(carried.code, carried.params as never);
  if (field && LIBRARY_MESSAGE.test(message)) {
    return new AppError('invalid_field', { field, detail: message });
  }
  // A message without a code (none of our schemas words one): `invalid_value`, shown as given.
  return new AppError('invalid_value', { detail: message });
}

export { UNSTORABLE_TEXT_ERROR };

/** Our words for a body the server could not read (decision 0024). */
export const PARSE_ERRORS = {
  invalidJson: ERROR_CODES.body_invalid_json,
  emptyJson: ERROR_CODES.body_empty,
  unsupportedMediaType: ERROR_CODES.unsupported_media_type,
  notMultipart: ERROR_CODES.not_multipart,
  tooLarge: ERROR_CODES.body_too_large,
  tooManyParts: ERROR_CODES.too_many_parts,
  contentLength: ERROR_CODES.content_length_mismatch,
  badRequest: ERROR_CODES.bad_request,
  headersTooLarge: ERROR_CODES.headers_too_large,
  timeout: ERROR_CODES.request_timeout,
} as const;

/** Fastify's and @fastify/multipart's codes for an unreadable request → our code (its status: the table's). */
type TParseCode =
  | 'body_invalid_json'
  | 'body_empty'
  | 'unsupported_media_type'
  | 'body_too_large'
  | 'content_length_mismatch'
  | 'not_multipart'
  | 'too_many_parts';
const PARSE_ERROR_CODES: Record<string, TParseCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'body_invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'body_empty',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'content_length_mismatch',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'not_multipart',
  FST_INVALID_JSON_FIELD_ERROR: 'body_invalid_json',
  FST_PROTO_VIOLATION: 'body_invalid_json',
  FST_PARTS_LIMIT: 'too_many_parts',
  FST_FILES_LIMIT: 'too_many_parts',
  FST_FIELDS_LIMIT: 'too_many_parts',
};

/**
 * What the HTTP parser refuses before Fastify sees a request (a broken request line, huge
 * headers, a slow client) also answers JSON {error}, not Fastify's default shape.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const refusal = new AppError(
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? 'request_timeout'
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? 'headers_too_large'
        : 'bad_request',
  );
  const status = refusal.statusCode;
  const body = JSON.stringify(errorBody(refusal));
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
  return new AppError('upload_broken');
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
      throw new AppError('unsupported_media_type');
    }
    if (
      hasUnstorableText(request.query) ||
      hasUnstorableText(request.params) ||
      hasUnstorableText(request.body)
    ) {
      throw new AppError('unstorable_text');
    }
  });
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      // Shared rate limits (decision 0019) say when to come back, as the route limits do.
      const retryAfter = error.details?.retry_after_seconds;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      if (!isErrorCode(error.code))
        request.log.error({ code: error.code }, 'refusal without a catalogue code');
      return reply.status(error.statusCode).send(errorBody(error));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const refusal = validationError(error.validation);
      return reply.status(refusal.statusCode).send(errorBody(refusal));
    }
    const parseError = error.code ? PARSE_ERROR_CODES[error.code] : undefined;
    if (parseError) {
      const refusal = new AppError(parseError);
      return reply.status(refusal.statusCode).send(errorBody(refusal));
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own refusals (a plugin's 4xx): its text, under a generic code.
      return reply
        .status(status)
        .send(errorBody(AppError.relayed(status, 'request_failed', { detail: error.message })));
    }
    request.log.error({ err: error }, 'request failed');
    const refusal = new AppError('internal_error');
    return reply.status(refusal.statusCode).send(errorBody(refusal));
  });
}

/** A unique constraint refused the write (PostgreSQL 23505), however the driver wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}
