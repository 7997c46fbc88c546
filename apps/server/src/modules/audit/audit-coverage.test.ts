// Every route that changes state under /admin/api/ or /auth/ has its own line in AUDIT_RULES
// (a code the web words); an unlisted one would only be recorded as "request.recorded".
import { AUDIT_ACTIONS } from '@message-station/shared';
import { describe, expect, it } from 'vitest';
import { createTestApp, TestClient } from '../../test/app.js';
import { AUDIT_RULES } from './rules.js';
import { AUDITED_PREFIXES, routeKey } from './trail.js';

describe('audit coverage', async () => {
  const { app } = await createTestApp();
  // A route someone adds without a line in the table (hidden from the document, like a new
  // route before its schema is written).
  app.post('/admin/api/unlisted-change', { schema: { hide: true } }, async () => ({ ok: true }));

  it('gives every state-changing admin and sign-in route an action code', async () => {
    await app.ready();
    const paths = (app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const changing = Object.entries(paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .map((method) => method.toUpperCase())
        .filter((method) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method))
        .map((method) => routeKey(method, path.replace(/\{(\w+)\}/g, ':$1'))),
    );
    const audited = changing.filter((key) => AUDITED_PREFIXES.some((prefix) => key.includes(` ${prefix}`)));
    expect(audited.length).toBeGreaterThan(20);
    expect(audited.filter((key) => !(key in AUDIT_RULES))).toEqual([]);
  });

  it('uses only codes the web has words for', () => {
    const codes = Object.values(AUDIT_RULES).flatMap((rule) =>
      rule ? [rule.action, ...Object.values(rule.failedAction ?? {})] : [],
    );
    expect(codes.filter((code) => !(AUDIT_ACTIONS as readonly string[]).includes(code as string))).toEqual(
      [],
    );
  });

  it('still records a state-changing route missing from the table, naming it', async () => {
    const admin = new TestClient(app);
    await admin.login('admin@demo.test');
    expect((await admin.post('/admin/api/unlisted-change')).statusCode).toBe(200);
    const entries = (await admin.get('/admin/api/audit?action=request')).json().entries;
    expect(entries).toMatchObject([
      {
        action: 'request.recorded',
        actor: { email: 'admin@demo.test' },
        details: { route: 'POST /admin/api/unlisted-change' },
      },
    ]);
  });
});
