// No form or vendor sends JSON nested deeper than a few levels: a body nested deeper than
// MAX_BODY_DEPTH is refused with 400 before any route (or schema) walks it, even on routes that
// take no body at all. Parsing itself is safe (iterative); walking it later might not be.
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

export const MAX_BODY_DEPTH = 32;
export const BODY_TOO_DEEP_ERROR = 'The request body is nested too deeply.';

/** Whether arrays/objects nest more than `max` levels; never recurses past `max`. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (max === 0) return true;
  const children = Array.isArray(value) ? value : Object.values(value);
  return children.some((child) => nestedDeeperThan(child, max - 1));
}

export function registerBodyDepthLimit(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (nestedDeeperThan(request.body, MAX_BODY_DEPTH)) throw new AppError('body_too_deep');
  });
}
