import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, stations } from '../../db/schema/index.js';
import { createTestApp, TestClient } from '../../test/app.js';

describe('superadmin', async () => {
  const { app, db } = await createTestApp();
  const superadmin = new TestClient(app);
  await superadmin.login('superadmin@demo.test');
  const [demo] = await db.select().from(stations).where(eq(stations.slug, 'demo'));
  const demoId = demo?.id as string;

  it('sees every station with its figures', async () => {
    expect((await superadmin.get('/admin/api/superadmin/status')).json()).toEqual({
      is_superadmin: true,
      viewing_station_id: null,
    });
    const dashboard = (await superadmin.get('/admin/api/superadmin/dashboard')).json();
    expect(dashboard.stats).toEqual({
      total_stations: 3,
      total_users: 4,
      total_messages: 0,
      total_sms_subscribers: expect.any(Number),
    });
    expect(dashboard.stats.total_sms_subscribers).toBeGreaterThan(0);
    expect(dashboard.stations.find((s: { slug: string }) => s.slug === 'demo')).toMatchObject({
      display_name: 'Demo Radio',
      payment_status: 'paid',
      sms_enabled: true,
      user_count: 2,
      message_count: 0,
      sms_credits: 500,
    });
    expect(dashboard.viewing_station).toBeNull();
  });

  it('views a station as its admin: every admin call acts on it, and the switch is audited', async () => {
    const own = (await superadmin.get('/auth/session')).json();
    expect(own.stationSlug).toBe('operations');
    const switched = await superadmin.post(`/admin/api/superadmin/switch-station/${demoId}`);
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ viewing_station: { id: demoId, display_name: 'Demo Radio' } });
    const session = (await superadmin.get('/auth/session')).json();
    expect(session).toMatchObject({
      stationSlug: 'demo',
      stationName: 'Demo Radio',
      viewingStationId: demoId,
      role: 'admin',
    });
    const users = (await superadmin.get('/admin/api/users')).json() as { email: string }[];
    expect(users.map((u) => u.email)).toContain('admin@demo.test');
    expect((await superadmin.get('/admin/api/station/settings')).json().slug).toBe('demo');
    expect((await superadmin.get('/admin/api/billing')).json().stationID).toBe(demoId);
    expect((await superadmin.get('/admin/api/superadmin/status')).json().viewing_station_id).toBe(demoId);
    expect((await superadmin.get('/admin/api/superadmin/dashboard')).json().viewing_station.slug).toBe(
      'demo',
    );

    const exited = await superadmin.post('/admin/api/superadmin/exit-station');
    expect(exited.statusCode).toBe(200);
    expect((await superadmin.get('/auth/session')).json()).toMatchObject({
      stationSlug: 'operations',
      viewingStationId: null,
    });
    const audit = await db.select().from(auditLog).where(eq(auditLog.stationId, demoId));
    expect(audit.map((a) => [a.action, a.actorIsSuperadmin]).sort()).toEqual([
      ['superadmin.station_exited', true],
      ['superadmin.station_viewed', true],
    ]);
    expect(audit[0]?.ip).toBe('127.0.0.1');
  });

  it('answers 404 for an unknown station', async () => {
    const response = await superadmin.post(
      '/admin/api/superadmin/switch-station/00000000-0000-4000-8000-000000000000',
    );
    expect(response.statusCode).toBe(404);
  });

  it('tells everyone else they are not a superadmin, and answers 403 to every other superadmin call', async () => {
    for (const email of ['admin@demo.test', 'user@demo.test']) {
      const client = new TestClient(app);
      await client.login(email);
      const status = await client.get('/admin/api/superadmin/status');
      expect(status.statusCode).toBe(200);
      expect(status.json()).toEqual({ is_superadmin: false, viewing_station_id: null });
      expect((await client.get('/admin/api/superadmin/dashboard')).statusCode).toBe(403);
      expect((await client.post(`/admin/api/superadmin/switch-station/${demoId}`)).statusCode).toBe(403);
      expect((await client.post('/admin/api/superadmin/exit-station')).statusCode).toBe(403);
    }
    expect((await new TestClient(app).get('/admin/api/superadmin/status')).statusCode).toBe(401);
  });
});
