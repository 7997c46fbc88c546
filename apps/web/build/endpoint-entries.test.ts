// The web build drops the endpoint table's request schemas: an entry keeps its method and path.
import { describe, expect, it } from 'vitest';
import { ENDPOINT_TABLE_SOURCE, withoutEntrySchemas } from './endpoint-entries';

describe('endpoint entries in the web build', () => {
  it('keeps the method and path of every entry, without its schemas', () => {
    const code = [
      'import { ZLoginRequest } from "../auth.js";',
      'import { endpoint } from "./endpoint.js";',
      'export const authSession = endpoint("GET", "/auth/session").returns();',
      'export const authLogin = endpoint("POST", "/auth/login", { body: ZLoginRequest }).returns();',
      'export const messagesEdit = endpoint("PUT", "/m/:id", {',
      '  params: ZId,',
      '  body: ZEdit,',
      '}).returns();',
    ].join('\n');
    const cut = withoutEntrySchemas(code) ?? '';
    expect(cut).toContain('endpoint("GET", "/auth/session").returns()');
    expect(cut).toContain('endpoint("POST", "/auth/login").returns()');
    expect(cut).toContain('endpoint("PUT", "/m/:id").returns()');
    expect(cut).not.toMatch(/body:|params:/);
    expect(withoutEntrySchemas('export const authSession = endpoint("GET", "/a").returns();')).toBeNull();
  });

  it('reads the table, not the builder', () => {
    expect(ENDPOINT_TABLE_SOURCE.test('/x/packages/shared/src/api/auth.ts')).toBe(true);
    expect(ENDPOINT_TABLE_SOURCE.test('/x/packages/shared/src/api/endpoint.ts')).toBe(false);
    expect(ENDPOINT_TABLE_SOURCE.test('/x/packages/shared/src/auth.ts')).toBe(false);
  });
});
