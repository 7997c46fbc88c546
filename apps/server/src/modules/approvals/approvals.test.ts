// Two-person approval (decision 0039): where a station requires it for a type, a draft
// waits for an admin who did not write it; SMS and Play are refused until then; a rejection says
// why; an edit puts the text up again; an emergency may go without; every step is in the trail.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageApprovals, smsDeliveries, users } from '../../db/schema/index.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createContact, createStationWithAdmin } from '../../test/factories.js';
import { createUser } from '../users/service.js';

type TApprovalJson = {
  status: string;
  required: boolean;
  revision: number;
  requested_by: { id: string; name: string } | null;
  decided_by: { id: string; name: string } | null;
  comment: string | null;
};
type TAuditJson = {
  action: string;
  target_id: string;
  actor: { email: string };
  details: Record<string, unknown>;
};

const { app, db } = await createTestApp();
const [demoAdmin] = await db.select().from(users).where(eq(users.email, 'admin@demo.test'));
const stationId = demoAdmin?.stationId as string;
await createUser(db, {
  stationId,
  email: 'second@demo.test',
  password: 'demo1234',
  fullName: 'Robin Second',
  role: 'admin',
});
for (const [phone, messageType] of [
  ['+12125550161', 'alert'],
  ['+12125550162', 'emergency'],
] as const) {
  await createContact(db, stationId, { phone, choices: [{ messageType, language: 'en' }] });
}
const harbor = await createStationWithAdmin(db, { slug: 'harbor' });

const admin = new TestClient(app);
const second = new TestClient(app);
const staff = new TestClient(app);
const stranger = new TestClient(app);
await admin.login('admin@demo.test');
await second.login('second@demo.test');
await staff.login('user@demo.test');
await stranger.login(harbor.adminEmail);

const draft = (overrides: Record<string, unknown> = {}) => ({
  title: 'Road closure',
  original: 'Oak Avenue is closed until noon.',
  original_language: 'en',
  target_languages: ['es'],
  message_type: 'alert',
  ...overrides,
});
async function write(client: TestClient, overrides: Record<string, unknown> = {}) {
  const created = await client.post('/admin/api/messages', draft(overrides));
  expect(created.statusCode).toBe(201);
  return created.json() as { id: string; approval: TApprovalJson };
}
const edit = (client: TestClient, id: string, overrides: Record<string, unknown>) =>
  client.request({ method: 'PUT', url: `/admin/api/messages/${id}`, body: draft(overrides) });
const approval = async (client: TestClient, id: string) =>
  (await client.get(`/admin/api/messages/${id}/approval`)).json() as TApprovalJson;
const approve = (client: TestClient, id: string, body: Record<string, unknown> = {}) =>
  client.post(`/admin/api/messages/${id}/approval/approve`, body);
const reject = (client: TestClient, id: string, body: Record<string, unknown> = {}) =>
  client.post(`/admin/api/messages/${id}/approval/reject`, body);
const sendSms = (id: string) => admin.post(`/admin/api/messages/${id}/send-sms`, {});
const play = (client: TestClient, id: string) =>
  client.post(`/admin/api/messages/${id}/play`, { client_id: 'studio-pc-0001' });
const deliveryCount = async () =>
  (await db.select().from(smsDeliveries).where(eq(smsDeliveries.stationId, stationId))).length;
async function trail(id: string) {
  const page = (await admin.get('/admin/api/audit?action=message&limit=200')).json() as {
    entries: TAuditJson[];
  };
  return page.entries
    .filter((e) => e.target_id === id && /approv|reject/.test(e.action))
    .reverse()
    .map((e) => `${e.action} by ${e.actor.email}`);
}

async function requireApproval(types: string[], bypassEmergency = true) {
  const settings = (await admin.get('/admin/api/station/settings')).json();
  const saved = await admin.request({
    method: 'PUT',
    url: '/admin/api/station/settings',
    body: { ...settings, approval_required_types: types, approval_bypass_emergency: bypassEmergency },
  });
  expect(saved.statusCode).toBe(200);
  expect(saved.json()).toMatchObject({
    approval_required_types: types,
    approval_bypass_emergency: bypassEmergency,
  });
}

describe('two-person approval', () => {
  it('changes nothing while the station requires no approval', async () => {
    expect((await admin.get('/admin/api/station/settings')).json()).toMatchObject({
      approval_required_types: [],
      approval_bypass_emergency: true,
    });
    const message = await write(staff);
    expect(message.approval).toMatchObject({ status: 'not_required', required: false });
    expect((await sendSms(message.id)).statusCode).toBe(200);
    expect((await approve(second, message.id)).json().code).toBe('approval_not_requested');
    const rows = await db.select().from(messageApprovals).where(eq(messageApprovals.messageId, message.id));
    expect(rows).toEqual([]);
  });

  it('lets only admins change the setting', async () => {
    const refused = await staff.request({
      method: 'PUT',
      url: '/admin/api/station/settings',
      body: { approval_required_types: ['alert'] },
    });
    expect(refused.statusCode).toBe(403);
  });

  it("holds a standard user's draft: SMS and Play are refused until a second admin approves", async () => {
    await requireApproval(['alert']);
    const message = await write(staff, { title: 'Water main break' });
    expect(message.approval).toMatchObject({
      status: 'pending',
      required: true,
      requested_by: { name: 'Sam User' },
      decided_by: null,
    });
    const queue = (await admin.get('/admin/api/approvals?status=pending')).json();
    expect(queue.approvals.map((a: { title: string }) => a.title)).toContain('Water main break');
    expect(queue.count).toBe(queue.approvals.length);

    const before = await deliveryCount();
    const refused = await sendSms(message.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'approval_required',
      error: "This message waits for a second admin's approval before it is sent, played or scheduled.",
    });
    expect(await deliveryCount()).toBe(before);
    expect((await play(staff, message.id)).json().code).toBe('approval_required');

    // A standard user cannot decide, the author's admin colleague can.
    const byStaff = await approve(staff, message.id);
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json().code).toBe('approval_not_admin');
    const approved = await approve(second, message.id, { comment: 'Checked with the water office.' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'approved',
      decided_by: { name: 'Robin Second' },
      comment: 'Checked with the water office.',
    });
    const listed = (await staff.get('/admin/api/messages'))
      .json()
      .find((m: { id: string }) => m.id === message.id);
    expect(listed.approval).toMatchObject({ status: 'approved', decided_by: { name: 'Robin Second' } });

    const sent = await sendSms(message.id);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().sent_count).toBeGreaterThan(0);
    // Past the gate: the machine is simply not connected.
    expect((await play(staff, message.id)).json().code).not.toBe('approval_required');
    expect(await trail(message.id)).toEqual([
      'message.approval_requested by user@demo.test',
      'message.approved by second@demo.test',
    ]);
    const again = await approve(admin, message.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('approval_already_decided');
  });

  it('never lets the writer approve, even an admin', async () => {
    const message = await write(admin, { title: 'Admin draft' });
    const own = await approve(admin, message.id);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('approval_own_message');
    // Nor an admin who edited the text: two people must have read it.
    const other = await write(staff, { title: 'Staff draft' });
    expect((await edit(second, other.id, { title: 'Staff draft', original: 'Fixed typo.' })).statusCode).toBe(
      200,
    );
    expect((await approve(second, other.id)).json().code).toBe('approval_own_message');
    expect((await approve(admin, other.id)).statusCode).toBe(200);
    expect((await approval(admin, message.id)).status).toBe('pending');
  });

  it('rejects only with a comment the author reads; an edit puts it up again', async () => {
    const message = await write(staff, { title: 'Boil water notice' });
    const bare = await reject(second, message.id);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().code).toBe('approval_comment_required');
    const rejected = await reject(second, message.id, { comment: 'Say which streets.' });
    expect(rejected.statusCode).toBe(200);
    expect(await approval(staff, message.id)).toMatchObject({
      status: 'rejected',
      decided_by: { name: 'Robin Second' },
      comment: 'Say which streets.',
    });
    expect((await sendSms(message.id)).json().code).toBe('approval_required');

    const edited = await edit(staff, message.id, {
      title: 'Boil water notice',
      original: 'Boil water on Oak and Elm.',
    });
    expect(edited.json().approval).toMatchObject({ status: 'pending', revision: 2, comment: null });
    // An admin who read the rejected text decides on the new one, not the old.
    const stale = await approve(second, message.id, { revision: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('approval_stale');
    expect((await approve(second, message.id, { revision: 2 })).statusCode).toBe(200);
    expect(await trail(message.id)).toEqual([
      'message.approval_requested by user@demo.test',
      'message.rejected by second@demo.test',
      'message.approval_resubmitted by user@demo.test',
      'message.approved by second@demo.test',
    ]);
  });

  it('puts an approved message back to pending when its text or type changes, not otherwise', async () => {
    const message = await write(staff, { title: 'Parade route' });
    await approve(second, message.id);
    const sameText = await edit(staff, message.id, { title: 'Parade route', target_languages: ['es', 'fr'] });
    expect(sameText.json().approval.status).toBe('approved');
    const changed = await edit(staff, message.id, {
      title: 'Parade route',
      original: 'The parade starts at 10.',
    });
    expect(changed.json().approval.status).toBe('pending');
    expect((await sendSms(message.id)).json().code).toBe('approval_required');
  });

  it('lets an emergency through when the station says so, and holds it when not', async () => {
    await requireApproval(['alert', 'emergency'], true);
    const urgent = await write(staff, { title: 'Evacuate now', message_type: 'emergency' });
    expect(urgent.approval).toMatchObject({ required: false });
    expect((await sendSms(urgent.id)).statusCode).toBe(200);

    await requireApproval(['alert', 'emergency'], false);
    const held = await write(staff, { title: 'Shelter in place', message_type: 'emergency' });
    expect(held.approval).toMatchObject({ status: 'pending', required: true });
    expect((await sendSms(held.id)).json().code).toBe('approval_required');
    // The one sent before is held too now: it was never approved.
    expect((await approval(admin, urgent.id)).status).toBe('pending');
    await requireApproval(['alert']);
  });

  it("answers 404 for another station's message on every approval route", async () => {
    const message = await write(staff, { title: 'Not for harbor' });
    for (const response of [
      await stranger.get(`/admin/api/messages/${message.id}/approval`),
      await approve(stranger, message.id),
      await reject(stranger, message.id, { comment: 'No.' }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('message_not_found');
    }
    expect((await stranger.get('/admin/api/approvals')).json()).toEqual({ count: 0, approvals: [] });
    expect((await approval(admin, message.id)).status).toBe('pending');
    const rows = await db
      .select()
      .from(messageApprovals)
      .where(and(eq(messageApprovals.messageId, message.id), eq(messageApprovals.status, 'pending')));
    expect(rows).toHaveLength(1);
  });
});
