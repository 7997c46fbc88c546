// The log serializers are total (decision 0051): whatever is thrown, logging it gives a record
// and never throws, so a log line can never take down the code that writes it.
import { createRequire } from 'node:module';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { SAFE_LOG_SERIALIZERS, safeError, scrubText } from './log-safety.js';

/** The Twilio SDK's own error class (CommonJS, its class on `default`). */
const { default: RestException } = createRequire(import.meta.url)('twilio/lib/base/RestException.js') as {
  default: new (response: { statusCode: number; body: string; headers: object }) => Error;
};

/** What a vendor error answered with no message in its JSON looks like once the SDK made it. */
function twilioRestException(body: string) {
  return new RestException({ statusCode: 502, body, headers: {} });
}

function cyclic() {
  const a = new Error('first') as Error & { cause?: unknown };
  const b = new Error('second', { cause: a });
  a.cause = b;
  return a;
}

const hostile = new Proxy(
  {},
  {
    get() {
      throw new Error('no reading');
    },
    ownKeys() {
      throw new Error('no listing');
    },
  },
);

const CASES: [string, unknown][] = [
  ["the Twilio SDK's error for JSON without a message", twilioRestException('{"code":20500,"status":502}')],
  [
    "the Twilio SDK's error for an HTML page",
    twilioRestException('<html><body>502 Bad Gateway</body></html>'),
  ],
  ["the Twilio SDK's error for an empty body", twilioRestException('')],
  ['an Error whose message is undefined', Object.assign(new Error('x'), { message: undefined })],
  ['an Error whose message is a number', Object.assign(new Error('x'), { message: 42 })],
  ['an Error whose message is an object', Object.assign(new Error('x'), { message: { to: '+12125550101' } })],
  ['an Error without a stack', Object.assign(new Error('no stack'), { stack: undefined })],
  ['an Error with a name that is not a text', Object.assign(new Error('named'), { name: 7 })],
  ['a cyclic cause', cyclic()],
  ['a plain object', { status: 503, code: 20503 }],
  ['an object without a prototype', Object.create(null)],
  [
    'an object whose toString throws',
    {
      toString: () => {
        throw new Error('no');
      },
      toJSON: () => {
        throw new Error('no');
      },
    },
  ],
  ['a proxy that throws on every read', hostile],
  ['null', null],
  ['undefined', undefined],
  ['a symbol', Symbol('s')],
  ['a big integer', 10n],
  ['a function', () => 1],
  ['a text', 'plain failure for +1 212 555 0101'],
];

describe('safeError is total', () => {
  it.each(CASES)('%s gives a record with a text message', (_name, error) => {
    const logged = safeError(error);
    expect(typeof logged.type).toBe('string');
    expect(typeof logged.message).toBe('string');
    expect(() => JSON.stringify(logged)).not.toThrow();
  });

  it('through the server logger (pino with these serializers), every case is logged', () => {
    const lines: string[] = [];
    const log = Fastify({
      logger: {
        level: 'info',
        serializers: SAFE_LOG_SERIALIZERS as never,
        stream: { write: (line: string) => lines.push(line) },
      },
    }).log;
    for (const [name, error] of CASES) {
      expect(() => log.error({ err: error }, name)).not.toThrow();
    }
    expect(lines).toHaveLength(CASES.length);
    // pino leaves out an `err` that is undefined; every other one is a record with a text message.
    for (const line of lines) {
      const { err } = JSON.parse(line) as { err?: { message: unknown } };
      if (err !== undefined) expect(typeof err.message).toBe('string');
    }
    expect(lines.filter((line) => line.includes('"err"'))).toHaveLength(CASES.length - 1);
  });

  it('keeps what helps and scrubs what must not be logged', () => {
    const sdk = safeError(twilioRestException('{"code":20500,"status":502}'));
    expect(sdk).toMatchObject({ message: '[no message]', code: 20500, status: 502 });
    const cycle = safeError(cyclic());
    expect(cycle).toMatchObject({ message: 'first', cause: { message: 'second', cause: { type: 'cycle' } } });
    expect(safeError({ to: '+12125550101', why: 'x' }).message).toBe('{"to":"[number]","why":"x"}');
    expect(safeError('failed for a.b@x.test').message).toBe('failed for [email]');
    const long = safeError(new Error(`<html>${'x'.repeat(50_000)}</html>`));
    expect(long.message.length).toBeLessThan(4100);
    expect(scrubText(undefined as never)).toBe('');
  });
});
