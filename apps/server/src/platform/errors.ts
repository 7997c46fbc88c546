// AppError carries a status and a text safe to show; the error handler turns it into {error}.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Not found') => new AppError(404, what);
export const forbidden = (message: string) => new AppError(403, message);
export const unauthorized = (message = 'Authentication required') => new AppError(401, message);

type TValidationIssue = { instancePath?: string; message?: string };

function describeValidation(issues: TValidationIssue[]): string {
  return issues
    .map((issue) => {
      const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
      const message = issue.message ?? 'is invalid';
      return field ? `${field}: ${message}` : message;
    })
    .join('; ');
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ error: error.message });
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
