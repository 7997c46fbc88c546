// Every route that changes state under /admin/api/, /auth/ or /api/v1/ declares in its own options
// what it records (`config: audit({...})`, a code the web words) or why it records nothing
// (`config: notAudited('why')`); an undeclared one would only be recorded as "request.recorded".
// The declarations are read as the built app registered its routes (trail.ts's onRoute hook).
import { AUDIT_ACTIONS } from '@message-station/shared';
import { describe, expect, it } from 'vitest';
import { isAuditRule } from '../../platform/audit-rule.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { mustBeAudited, routeAudits, routeKey } from './trail.js';

const UNLISTED = '/admin/api/unlisted-change';

describe('audit coverage', async () => {
  const { app } = await createTestApp();
  // A route someone adds without a declaration (hidden from the document, like a new route before
  // its schema is written).
  app.post(UNLISTED, { schema: { hide: true } }, async () => ({ ok: true }));

  it('gives every state-changing admin and sign-in route an action code or a reason', async () => {
    await app.ready();
    const changing = routeAudits(app).filter(
      (route) => mustBeAudited(route.method, route.url) && route.url !== UNLISTED,
    );
    expect(changing.length).toBeGreaterThan(20);
    expect(
      changing.filter((route) => !route.audit).map((route) => routeKey(route.method, route.url)),
    ).toEqual([]);
    const unexplained = changing.filter(
      (route) => route.audit && !isAuditRule(route.audit) && route.audit.notAudited.trim() === '',
    );
    expect(unexplained.map((route) => routeKey(route.method, route.url))).toEqual([]);
  });

  it('uses only codes the web has words for', () => {
    const codes = routeAudits(app).flatMap(({ audit }) =>
      isAuditRule(audit) ? [audit.action, ...Object.values(audit.failedAction ?? {})] : [],
    );
    expect(codes.length).toBeGreaterThan(20);
    expect(codes.filter((code) => !(AUDIT_ACTIONS as readonly string[]).includes(code as string))).toEqual(
      [],
    );
  });

  it('still records a state-changing route that declares nothing, naming it', async () => {
    const admin = new TestClient(app);
    await admin.login('admin@demo.test');
    expect((await admin.post(UNLISTED)).statusCode).toBe(200);
    const entries = (await admin.get('/admin/api/audit?action=request')).json().entries;
    expect(entries).toMatchObject([
      {
        action: 'request.recorded',
        actor: { email: 'admin@demo.test' },
        details: { route: `POST ${UNLISTED}` },
      },
    ]);
  });
});
