// No setting locks a station (decision 0077): two-person approval cannot be turned on where fewer
// than two admins could approve; a station that has it on with one admin (from before) can always
// turn it off, and its dashboard says so; nothing demotes or deletes an admin; and what waited for
// an approval can be sent once the station stops requiring one.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stationPolicies, users } from '../../db/schema/index.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createContact, createStationWithAdmin } from '../../test/factories.js';
import { createUser } from '../users/service.js';

const { app, db } = await createTestApp();
const solo = await createStationWithAdmin(db, { slug: 'solo', languages: ['en', 'es'] });
const soloId = solo.station.id;
await createUser(db, {
  stationId: soloId,
  email: 'staff@solo.test',
  password: 'demo1234',
  fullName: 'Sam Solo',
  role: 'user',
});
await createContact(db, soloId, {
  phone: '+12125550171',
  choices: [{ messageType: 'alert', language: 'en' }],
});
const admin = new TestClient(app);
const staff = new TestClient(app);
await admin.login(solo.adminEmail);
await staff.login('staff@solo.test');

type TSettings = Record<string, unknown> & { admin_count: number; approval_required_types: string[] };
const settings = async () => (await admin.get('/admin/api/station/settings')).json() as TSettings;
const save = async (change: Record<string, unknown>) =>
  admin.request({
    method: 'PUT',
    url: '/admin/api/station/settings',
    body: { ...(await settings()), ...change },
  });
const alertCodes = async (client: TestClient) =>
  ((await client.get('/admin/api/dashboard-stats')).json() as { alerts: { code: string }[] }).alerts.map(
    (a) => a.code,
  );

describe('two-person approval and the number of admins', () => {
  it('is refused where one admin is all the station has, and says how many it has', async () => {
    expect((await settings()).admin_count).toBe(1);
    const refused = await save({ approval_required_types: ['alert'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'approval_needs_two_admins', params: { admins: 1 } });
    expect((await settings()).approval_required_types).toEqual([]);
    // Requiring emergencies while they go without approval holds nothing: allowed; holding them is not.
    expect((await save({ approval_required_types: ['emergency'] })).statusCode).toBe(200);
    const held = await save({ approval_bypass_emergency: false });
    expect(held.json()).toMatchObject({ code: 'approval_needs_two_admins', params: { admins: 1 } });
    expect((await save({ approval_required_types: [] })).statusCode).toBe(200);
    // The rest of the settings save as ever.
    expect((await save({ display_name: 'Solo FM' })).json()).toMatchObject({ display_name: 'Solo FM' });
  });

  it('lets a station that had it on with one admin keep saving, turn it off, and tells its admin', async () => {
    // Turned on before decision 0077, when nothing refused it.
    await db
      .update(stationPolicies)
      .set({ approvalRequiredTypes: ['alert'] })
      .where(eq(stationPolicies.stationId, soloId));
    expect(await alertCodes(admin)).toContain('approval_needs_admins');
    expect(await alertCodes(staff)).not.toContain('approval_needs_admins');
    const alert = (await admin.get('/admin/api/dashboard-stats'))
      .json()
      .alerts.find((a: { code: string }) => a.code === 'approval_needs_admins');
    expect(alert).toMatchObject({ type: 'error', params: { admins: 1 }, link: '/admin/settings' });
    // Saving what was held already is not turning anything on.
    expect((await save({ display_name: 'Solo Radio' })).statusCode).toBe(200);
    expect((await save({ approval_required_types: [] })).statusCode).toBe(200);
    expect(await alertCodes(admin)).not.toContain('approval_needs_admins');
  });

  it('frees what waited for an approval once the station stops requiring one', async () => {
    const second = await createUser(db, {
      stationId: soloId,
      email: 'second@solo.test',
      password: 'demo1234',
      fullName: 'Robin Solo',
      role: 'admin',
    });
    expect((await settings()).admin_count).toBe(2);
    expect((await save({ approval_required_types: ['alert'] })).statusCode).toBe(200);
    const written = await staff.post('/admin/api/messages', {
      title: 'Road closure',
      original: 'Oak Avenue is closed.',
      original_language: 'en',
      target_languages: ['es'],
      message_type: 'alert',
    });
    const id = written.json().id as string;
    expect(written.json().approval).toMatchObject({ status: 'pending', required: true });
    expect((await admin.post(`/admin/api/messages/${id}/send-sms`, {})).json().code).toBe(
      'approval_required',
    );
    expect((await admin.get('/admin/api/approvals')).json().count).toBe(1);

    expect((await save({ approval_required_types: [] })).statusCode).toBe(200);
    expect((await admin.get(`/admin/api/messages/${id}/approval`)).json()).toMatchObject({
      status: 'not_required',
      required: false,
    });
    expect((await admin.get('/admin/api/approvals')).json()).toEqual({ count: 0, approvals: [] });
    const sent = await admin.post(`/admin/api/messages/${id}/send-sms`, {});
    expect(sent.statusCode).toBe(200);
    expect(sent.json().sent_count).toBe(1);

    // No route demotes or deletes an admin, so two admins stay two while approval is on.
    expect((await save({ approval_required_types: ['alert'] })).statusCode).toBe(200);
    const demoted = await admin.request({
      method: 'PUT',
      url: `/admin/api/users/${second.id}`,
      body: { full_name: 'Robin Solo', email: 'second@solo.test', role: 'user' },
    });
    expect(demoted.json().code).toBe('admin_not_editable');
    const deleted = await admin.request({ method: 'DELETE', url: `/admin/api/users/${second.id}` });
    expect(deleted.json().code).toBe('admin_not_deletable');
    const [row] = await db.select().from(users).where(eq(users.id, second.id));
    expect(row?.role).toBe('admin');
    expect((await settings()).admin_count).toBe(2);
  });
});
