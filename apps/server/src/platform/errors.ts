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

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
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
