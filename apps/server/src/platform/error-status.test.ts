// A code is one refusal (decision 0028), so it always answers with the same HTTP status: the shared
// ERROR_STATUS table (decision 0032) says which, and AppError reads it. Only the relayed codes
// carry a status decided elsewhere.
import { readFileSync } from 'node:fs';
import {
  ERROR_CODES,
  ERROR_STATUS,
  errorTemplateParams,
  RELAYED_STATUS_CODES,
  type TErrorCode,
} from '@message-station/shared';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_SRC, serverSourceFiles } from '../test/source-files.js';
import {
  AppError,
  forbidden,
  notFound,
  refusalFromWire,
  registerErrorHandler,
  unauthorized,
} from './errors.js';

const CODES = Object.keys(ERROR_CODES) as TErrorCode[];

/** A code's refusal with every placeholder filled, as a throw site would make it. */
function refusal(code: TErrorCode): AppError {
  const params = Object.fromEntries(errorTemplateParams(ERROR_CODES[code]).map((name) => [name, 'x']));
  return new AppError(code, params as never);
}

describe('the status table', () => {
  it('gives every catalogue code a 4xx or 5xx status, and nothing else', () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...CODES].sort());
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      expect(Number.isInteger(status), code).toBe(true);
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
    }
  });

  it('is what AppError and its helpers answer', () => {
    for (const code of CODES) expect(refusal(code).statusCode, code).toBe(ERROR_STATUS[code]);
    expect(notFound().statusCode).toBe(404);
    expect(notFound('message_not_found').statusCode).toBe(404);
    expect(forbidden('admin_required').statusCode).toBe(403);
    expect(unauthorized().statusCode).toBe(401);
  });

  it('answers the signup refusals with the statuses the registration routes declare', () => {
    const declared: Record<number, TErrorCode[]> = {
      404: ['registration_not_found'],
      409: [
        'registration_complete',
        'registration_email_taken',
        'station_id_taken',
        'registration_taken_meanwhile',
      ],
      410: ['registration_expired'],
    };
    for (const [status, codes] of Object.entries(declared)) {
      for (const code of codes) expect(ERROR_STATUS[code], code).toBe(Number(status));
    }
  });

  it('splits a wrong two-factor code: 401 at the sign-in step, 400 on My Account', () => {
    expect(ERROR_STATUS.invalid_two_factor_code).toBe(401);
    expect(ERROR_STATUS.two_factor_code_rejected).toBe(400);
  });

  it('lets only the relayed codes carry another status', () => {
    expect([...RELAYED_STATUS_CODES].sort()).toEqual(['machine_refused', 'request_failed']);
    expect(AppError.relayed(405, 'request_failed', { detail: 'Method not allowed' }).statusCode).toBe(405);
    // A caller that casts its way past the types is still refused.
    expect(() => AppError.relayed(418, 'not_found' as 'request_failed', { detail: '' })).toThrow(TypeError);
  });

  it("answers another node's known code with the table's status, an unknown one with the wire's", () => {
    const known = refusalFromWire(500, 'machine_not_connected', { machine: 'Office' });
    expect(known).toMatchObject({ code: 'machine_not_connected', statusCode: 409 });
    const unknown = refusalFromWire(503, 'no_such_code', {}, 'Printer on fire');
    expect(unknown).toMatchObject({ code: 'machine_refused', statusCode: 503, message: 'Printer on fire' });
  });

  it('leaves no status at a throw site in the server', () => {
    const offenders: string[] = [];
    for (const file of serverSourceFiles()) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/new AppError\(\s*\d/g)) {
        offenders.push(`${file.slice(SERVER_SRC.length)}: ${match[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

describe('the error handler', async () => {
  const app = Fastify();
  registerErrorHandler(app);
  app.get<{ Params: { code: string } }>('/refuse/:code', async (request) => {
    throw refusal(request.params.code as TErrorCode);
  });
  await app.ready();
  afterAll(() => app.close());

  it("answers every code's refusal with the table's status", async () => {
    for (const code of CODES) {
      const response = await app.inject({ method: 'GET', url: `/refuse/${code}` });
      expect(response.statusCode, code).toBe(ERROR_STATUS[code]);
      expect(response.json().code, code).toBe(code);
    }
  });
});
