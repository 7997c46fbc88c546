// Station API keys on the Users page: admins only, shown once, stored hashed, revoked at
// once, each action in the audit trail; another station's key answers 404.
import { STATION_KEY_PREFIX } from '@message-station/shared';
import { describe, expect, it } from 'vitest';
import { stationApiKeys } from '../../db/schema/index.js';
import { sha256 } from '../../platform/tokens.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createStationWithAdmin } from '../../test/factories.js';

const NOW = new Date('2026-11-23T18:00:00Z');

describe('station API keys', async () => {
  const { app, db } = await createTestApp({ now: () => NOW });
  const admin = new TestClient(app);
  await admin.login('admin@demo.test');
  const user = new TestClient(app, '198.51.100.2');
  await user.login('user@demo.test');
  const other = await createStationWithAdmin(db, { slug: 'otherkeys' });
  const otherAdmin = new TestClient(app, '198.51.100.3');
  await otherAdmin.login(other.adminEmail);
  const del = (client: TestClient, id: string) =>
    client.request({ method: 'DELETE', url: `/admin/api/station-keys/${id}` });

  it('creates a key shown once and stores only its SHA-256', async () => {
    const created = await admin.post('/admin/api/station-keys', {
      name: 'School information system',
      scopes: ['sms:send', 'messages:write', 'messages:read'],
      rate_limit_per_minute: 120,
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const { key, station_key } = created.json();
    expect(key).toMatch(new RegExp(`^${STATION_KEY_PREFIX}[0-9a-f]{64}$`));
    expect(station_key).toMatchObject({
      name: 'School information system',
      key_prefix: key.slice(0, STATION_KEY_PREFIX.length + 8),
      // In the catalogue's order, whatever order they were sent in.
      scopes: ['messages:read', 'messages:write', 'sms:send'],
      rate_limit_per_minute: 120,
      created_at: NOW.toISOString(),
      created_by: { name: 'Alex Admin' },
      last_used_at: null,
    });
    const rows = await db.select().from(stationApiKeys);
    const row = rows.find((r) => r.id === station_key.id);
    expect(row?.keyHash).toBe(sha256(key));
    expect(JSON.stringify(rows)).not.toContain(key);

    const list = await admin.get('/admin/api/station-keys');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([station_key]);
    expect(list.body).not.toContain(key);
  });

  it('uses the default rate limit and refuses bad input without writing anything', async () => {
    const before = (await db.select().from(stationApiKeys)).length;
    // Each refused by its own code, the one the Create API key form words (decision 0071); the
    // unknown scope and the rate limit answered invalid_value before they had one.
    const bounds = { min: 1, max: 1000 };
    const refusals = [
      [{ name: 'No scopes', scopes: [] }, 'station_key_scopes_required', {}],
      [{ name: 'Unknown', scopes: ['messages:delete'] }, 'station_key_scope_unknown', {}],
      [{ name: '', scopes: ['messages:read'] }, 'contact_name_required', {}],
      [
        { name: 'Too fast', scopes: ['messages:read'], rate_limit_per_minute: 5000 },
        'station_key_rate_limit_invalid',
        bounds,
      ],
      [
        { name: 'Zero', scopes: ['messages:read'], rate_limit_per_minute: 0 },
        'station_key_rate_limit_invalid',
        bounds,
      ],
      [
        { name: 'Half', scopes: ['messages:read'], rate_limit_per_minute: 1.5 },
        'station_key_rate_limit_invalid',
        bounds,
      ],
    ] as const;
    for (const [body, code, params] of refusals) {
      const response = await admin.post('/admin/api/station-keys', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toMatchObject({ code, params });
      expect(response.json().error).toMatch(/\S/);
    }
    expect(
      (
        await admin.post('/admin/api/station-keys', {
          name: 'Zero',
          scopes: ['reports:read'],
          rate_limit_per_minute: 0,
        })
      ).json().error,
    ).toBe('Rate limit must be a whole number from 1 to 1,000.');
    expect(
      (await admin.post('/admin/api/station-keys', { name: 'No scopes', scopes: [] })).json().error,
    ).toBe('Choose at least one scope.');
    expect(await db.select().from(stationApiKeys)).toHaveLength(before);
    const plain = await admin.post('/admin/api/station-keys', { name: 'Reports', scopes: ['reports:read'] });
    expect(plain.json().station_key.rate_limit_per_minute).toBe(60);
  });

  it('is for admins only', async () => {
    expect((await user.get('/admin/api/station-keys')).statusCode).toBe(403);
    expect(
      (await user.post('/admin/api/station-keys', { name: 'x', scopes: ['messages:read'] })).statusCode,
    ).toBe(403);
    const id = (await admin.get('/admin/api/station-keys')).json()[0].id;
    expect((await del(user, id)).statusCode).toBe(403);
    expect((await new TestClient(app, '198.51.100.9').get('/admin/api/station-keys')).statusCode).toBe(401);
  });

  it("answers 404 for another station's key and never lists it", async () => {
    const theirs = (
      await otherAdmin.post('/admin/api/station-keys', { name: 'Theirs', scopes: ['contacts:read'] })
    ).json().station_key;
    const revoke = await del(admin, theirs.id);
    expect(revoke.statusCode).toBe(404);
    expect(revoke.json().code).toBe('station_key_not_found');
    expect(
      (await admin.get('/admin/api/station-keys')).json().map((k: { id: string }) => k.id),
    ).not.toContain(theirs.id);
    expect((await otherAdmin.get('/admin/api/station-keys')).json()).toHaveLength(1);
  });

  it('revokes a key: gone from the list, a second revoke is 404, both recorded in the audit trail', async () => {
    const { station_key } = (
      await admin.post('/admin/api/station-keys', { name: 'Zapier', scopes: ['contacts:write'] })
    ).json();
    const revoked = await del(admin, station_key.id);
    expect(revoked.statusCode).toBe(200);
    expect(
      (await admin.get('/admin/api/station-keys')).json().map((k: { id: string }) => k.id),
    ).not.toContain(station_key.id);
    expect((await del(admin, station_key.id)).statusCode).toBe(404);
    const row = (await db.select().from(stationApiKeys)).find((r) => r.id === station_key.id);
    expect(row?.revokedAt?.toISOString()).toBe(NOW.toISOString());

    const entries = (await admin.get('/admin/api/audit?action=station_key')).json().entries;
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'station_key.created',
          target_type: 'station_key',
          target_id: station_key.id,
          details: expect.objectContaining({ label: 'Zapier', scopes: ['contacts:write'] }),
        }),
        expect.objectContaining({
          action: 'station_key.revoked',
          target_id: station_key.id,
          details: expect.objectContaining({ label: 'Zapier', key_prefix: station_key.key_prefix }),
        }),
      ]),
    );
    expect(JSON.stringify(entries)).not.toMatch(/mssk-[0-9a-f]{64}/);
  });

  it('lets a superadmin viewing a station act as its admin', async () => {
    const superadmin = new TestClient(app, '198.51.100.4');
    await superadmin.login('superadmin@demo.test');
    expect(
      (await superadmin.post(`/admin/api/superadmin/switch-station/${other.station.id}`)).statusCode,
    ).toBe(200);
    const created = await superadmin.post('/admin/api/station-keys', {
      name: 'Support',
      scopes: ['reports:read'],
    });
    expect(created.statusCode).toBe(201);
    const names = (await otherAdmin.get('/admin/api/station-keys'))
      .json()
      .map((k: { name: string }) => k.name);
    expect(names).toContain('Support');
  });
});
