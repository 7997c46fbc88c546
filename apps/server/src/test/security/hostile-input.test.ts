// Generated from the OpenAPI document: every operation, called by someone allowed to call it, gets
// NUL, huge, wrong-typed, deep, polluting and malformed input, and never answers 5xx: a client
// error is always JSON with a string `error`.
import { describe, expect, it } from 'vitest';
import { TestClient } from '../app.js';
import { hostileVariants, type TVariant } from './hostile-input.js';
import { deletionsLast, documentedOperations, LIVE_STREAMS, type TOperation } from './operations.js';
import {
  bodyIds,
  callerHeaders,
  createSecurityWorld,
  isSuperadminOperation,
  pathValues,
  REQUIRED_QUERY,
} from './world.js';

describe('hostile input never gets a 5xx', async () => {
  const world = await createSecurityWorld();
  const { app, a } = world;
  // A live stream never ends, and takes no parameters or body (operations.ts).
  const operations = deletionsLast(
    (await documentedOperations(app)).filter((operation) => !LIVE_STREAMS.has(operation.key)),
  );

  let addresses = 0;
  function fromNewAddress(client: TestClient) {
    addresses += 1;
    const moved = new TestClient(
      app,
      `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`,
    );
    for (const [name, value] of client.jar) moved.jar.set(name, value);
    return moved;
  }

  /** What is wrong with the answer to one variant, or null. */
  function problemWith(variant: TVariant, response: Awaited<ReturnType<typeof app.inject>>): string | null {
    const status = response.statusCode;
    if (variant.expect && !variant.expect.includes(status))
      return `answered ${status}: ${response.body.slice(0, 200)}`;
    if (status >= 500) return `answered ${status}: ${response.body.slice(0, 200)}`;
    if (status < 400) return null;
    if (!String(response.headers['content-type']).startsWith('application/json')) {
      return `answered ${status} as ${response.headers['content-type']}`;
    }
    const error = (response.json() as { error?: unknown }).error;
    return typeof error === 'string' && error.length > 0 ? null : `answered ${status} without an error text`;
  }

  it.each(operations.map((operation) => [operation.key, operation]))(
    '%s',
    async (_key, operation: TOperation) => {
      // Each operation gets its own browser: signing out or switching stations stays in it.
      const client = await world.signedIn(isSuperadminOperation(operation) ? world.superadminId : a.adminId);
      const variants = hostileVariants(
        operation,
        pathValues(operation, a),
        REQUIRED_QUERY[operation.key] ?? {},
        bodyIds(a),
      );
      const problems: string[] = [];
      for (const variant of variants) {
        // Each from its own address, so per-address limits (429) never stand in for the real answer.
        const response = await fromNewAddress(client).request({
          method: operation.method,
          url: variant.url,
          body: variant.raw ? variant.raw.payload : variant.body,
          headers: {
            ...callerHeaders(operation, a),
            ...(variant.raw ? { 'content-type': variant.raw.contentType } : {}),
          },
        });
        const problem = problemWith(variant, response);
        if (problem) problems.push(`${variant.name}: ${problem}`);
      }
      expect(problems).toEqual([]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );
});
