// A standard user asks the admins to send a message (decision 0077): every admin gets an email in
// their language and sees it waiting; one request at a time per message; an admin's send answers it
// (sent, by whom), a Decline says why; standard users ask but never decide; another station's
// request or message is not found; every step is in the audit trail; the requester gets an email in
// their language once it is answered, sent or declined, by whom and why (decision 0083).
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages, users } from '../../db/schema/index.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createContact, createStationWithAdmin } from '../../test/factories.js';
import { createUser } from '../users/service.js';

type TRequestJson = {
  id: string;
  message_id: string;
  status: string;
  requested_by: { name: string } | null;
  note: string | null;
  decided_by: { name: string } | null;
  reason: string | null;
};

const { app, db } = await createTestApp();
const relay = await createStationWithAdmin(db, { slug: 'relay', languages: ['en', 'es'] });
const stationId = relay.station.id;
for (const [email, fullName, role] of [
  ['ana@relay.test', 'Ana Segunda', 'admin'],
  ['sam@relay.test', 'Sam Staff', 'user'],
  ['kim@relay.test', 'Kim Staff', 'user'],
] as const) {
  await createUser(db, { stationId, email, password: 'demo1234', fullName, role });
}
// The second admin and the second standard user read the interface, and so their emails, in Spanish.
for (const email of ['ana@relay.test', 'kim@relay.test']) {
  await db.update(users).set({ language: 'es' }).where(eq(users.email, email));
}
await createContact(db, stationId, {
  phone: '+12125550181',
  choices: [{ messageType: 'emergency', language: 'en' }],
});
const harbor = await createStationWithAdmin(db, { slug: 'harbor' });
await createUser(db, {
  stationId: harbor.station.id,
  email: 'staff@harbor.test',
  password: 'demo1234',
  fullName: 'Harbor Staff',
  role: 'user',
});

const admin = new TestClient(app);
const sam = new TestClient(app);
const kim = new TestClient(app);
const stranger = new TestClient(app);
const strangerStaff = new TestClient(app);
await admin.login(relay.adminEmail);
await sam.login('sam@relay.test');
await kim.login('kim@relay.test');
await stranger.login(harbor.adminEmail);
await strangerStaff.login('staff@harbor.test');

async function write(title: string) {
  const created = await sam.post('/admin/api/messages', {
    title,
    original: 'Gas leak on Elm Street. Stay indoors.',
    original_language: 'en',
    target_languages: ['es'],
    message_type: 'emergency',
  });
  expect(created.statusCode).toBe(201);
  return created.json().id as string;
}
const ask = (client: TestClient, messageId: string, body: Record<string, unknown> = {}) =>
  client.post(`/admin/api/messages/${messageId}/send-requests`, body);
const requestsOf = async (client: TestClient, messageId: string) =>
  (
    (await client.get(`/admin/api/messages/${messageId}/send-requests`)).json() as {
      requests: TRequestJson[];
    }
  ).requests;
const decline = (client: TestClient, requestId: string, body: Record<string, unknown> = {}) =>
  client.post(`/admin/api/send-requests/${requestId}/decline`, body);
const emailsTo = (to: string) =>
  db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.to, to), eq(outboxMessages.channel, 'email')));
/** The emails telling `to` the answer to their request to send the message titled `title`. */
const answersTo = async (to: string, title: string) =>
  (await emailsTo(to)).filter(({ subject }) =>
    [`“${title}”`, `«${title}»`].some((quoted) => subject?.includes(quoted)),
  );
async function trail(messageId: string) {
  const page = (await admin.get('/admin/api/audit?action=message&limit=200')).json() as {
    entries: {
      action: string;
      target_id: string;
      actor: { email: string };
      details: Record<string, unknown>;
    }[];
  };
  return page.entries
    .filter((e) => e.target_id === messageId && e.action.startsWith('message.send_request'))
    .reverse()
    .map((e) => `${e.action} by ${e.actor.email}`);
}

describe('asking the admins to send', () => {
  it('emails every admin in their language and waits on their dashboard and queue', async () => {
    const id = await write('Gas leak');
    const asked = await ask(sam, id, { note: 'Fire chief called: send now please.' });
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toMatchObject({
      message_id: id,
      status: 'pending',
      requested_by: { name: 'Sam Staff' },
      note: 'Fire chief called: send now please.',
      decided_by: null,
    });

    const [english] = await emailsTo(relay.adminEmail);
    expect(english?.subject).toBe('Emergency: Sam Staff asks you to send “Gas leak”');
    expect(english?.body).toContain(
      'Sam Staff of RELAY Radio asked the admins to send the message “Gas leak” by SMS.',
    );
    expect(english?.body).toContain('Their note: Fire chief called: send now please.');
    expect(english?.body).toContain(`/admin/messages?message=${id}`);
    const [spanish] = await emailsTo('ana@relay.test');
    expect(spanish?.subject).toBe('Emergencia: Sam Staff le pide enviar «Gas leak»');
    // Nobody else is written to: not the requester, not the other standard user.
    expect(await emailsTo('sam@relay.test')).toEqual([]);
    expect(await emailsTo('kim@relay.test')).toEqual([]);

    const queue = (await admin.get('/admin/api/send-requests')).json();
    expect(queue).toMatchObject({
      count: 1,
      requests: [{ message_id: id, title: 'Gas leak', message_type: 'emergency' }],
    });
    const alerts = (await admin.get('/admin/api/dashboard-stats')).json().alerts;
    expect(alerts).toContainEqual(
      expect.objectContaining({ code: 'send_requests', params: { count: 1 }, link: '/admin/messages' }),
    );
    expect(
      (await sam.get('/admin/api/dashboard-stats')).json().alerts.map((a: { code: string }) => a.code),
    ).not.toContain('send_requests');
    // Staff read the message's requests; the admins' queue is the admins'.
    expect((await requestsOf(kim, id)).map((r) => r.status)).toEqual(['pending']);
    expect((await sam.get('/admin/api/send-requests')).statusCode).toBe(403);
  });

  it('takes one request at a time per message, from standard users only', async () => {
    const id = await write('Boil water');
    expect((await ask(sam, id)).statusCode).toBe(201);
    for (const client of [sam, kim]) {
      const again = await ask(client, id, { note: 'Again?' });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('send_request_pending');
    }
    const byAdmin = await ask(admin, id);
    expect(byAdmin.statusCode).toBe(409);
    expect(byAdmin.json().code).toBe('send_request_by_admin');
    const tooLong = await ask(kim, id, { note: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(await requestsOf(admin, id)).toHaveLength(1);
  });

  it("is answered by the admin's send: the requester sees it sent, and by whom", async () => {
    const id = await write('Evacuate Elm Street');
    const request = (await ask(sam, id)).json() as TRequestJson;
    expect(await answersTo('sam@relay.test', 'Evacuate Elm Street')).toEqual([]);
    const sent = await admin.post(`/admin/api/messages/${id}/send-sms`, {});
    expect(sent.statusCode).toBe(200);
    expect(sent.json().sent_count).toBe(1);
    // The requester hears back, once, in English: sent, and by whom.
    const [told, ...more] = await answersTo('sam@relay.test', 'Evacuate Elm Street');
    expect(more).toEqual([]);
    expect(told?.subject).toBe('Your request was answered: “Evacuate Elm Street” was sent');
    expect(told?.body).toContain('Hello Sam Staff,');
    expect(told?.body).toContain('relay Admin sent the message “Evacuate Elm Street” by SMS, as you asked.');
    expect(told?.body).toContain(`/admin/messages?message=${id}`);
    expect(await requestsOf(sam, id)).toEqual([
      expect.objectContaining({
        id: request.id,
        status: 'sent',
        decided_by: expect.objectContaining({ name: 'relay Admin' }),
      }),
    ]);
    expect(
      (await admin.get('/admin/api/send-requests')).json().requests.map((r: TRequestJson) => r.message_id),
    ).not.toContain(id);
    // Answered: nothing left to decline; a new request may follow (to send it again).
    expect((await decline(admin, request.id)).json().code).toBe('send_request_decided');
    expect((await ask(kim, id)).statusCode).toBe(201);
    expect(await answersTo('kim@relay.test', 'Evacuate Elm Street')).toEqual([]);
    expect(await trail(id)).toEqual([
      'message.send_requested by sam@relay.test',
      'message.send_request_sent by admin@relay.test',
      'message.send_requested by kim@relay.test',
    ]);
    // Sent again: Kim, who asked this time, hears back in Spanish.
    expect((await admin.post(`/admin/api/messages/${id}/send-sms`, { send_again: true })).statusCode).toBe(
      200,
    );
    const [spanish] = await answersTo('kim@relay.test', 'Evacuate Elm Street');
    expect(spanish?.subject).toBe('Su solicitud fue atendida: se envió «Evacuate Elm Street»');
    expect(spanish?.body).toContain(
      'relay Admin envió el mensaje «Evacuate Elm Street» por SMS, como usted pidió.',
    );
    expect(await answersTo('sam@relay.test', 'Evacuate Elm Street')).toHaveLength(1);
  });

  it('is declined by an admin with a reason the requester reads; a standard user cannot decide', async () => {
    const id = await write('Shelter in place');
    const request = (await ask(sam, id, { note: 'Urgent' })).json() as TRequestJson;
    const byStaff = await decline(kim, request.id, { reason: 'No.' });
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json().code).toBe('send_request_not_admin');
    expect(await answersTo('sam@relay.test', 'Shelter in place')).toEqual([]);
    const declined = await decline(admin, request.id, { reason: 'Already sent by the county.' });
    expect(declined.statusCode).toBe(200);
    expect(await requestsOf(sam, id)).toEqual([
      expect.objectContaining({
        status: 'declined',
        note: 'Urgent',
        reason: 'Already sent by the county.',
        decided_by: expect.objectContaining({ name: 'relay Admin' }),
      }),
    ]);
    expect((await decline(admin, request.id)).json().code).toBe('send_request_decided');
    const [english, ...again] = await answersTo('sam@relay.test', 'Shelter in place');
    expect(again).toEqual([]);
    expect(english?.subject).toBe('Your request to send “Shelter in place” was declined');
    expect(english?.body).toContain(
      'relay Admin declined your request to send the message “Shelter in place”.',
    );
    expect(english?.body).toContain('Their reason: Already sent by the county.');
    // Declined without a reason too; Kim reads hers in Spanish.
    const next = (await ask(kim, id)).json() as TRequestJson;
    expect((await decline(admin, next.id)).json()).toMatchObject({ status: 'declined', reason: null });
    const [spanish] = await answersTo('kim@relay.test', 'Shelter in place');
    expect(spanish?.subject).toBe('Se rechazó su solicitud de enviar «Shelter in place»');
    expect(spanish?.body).toContain('Hola, Kim Staff:');
    expect(spanish?.body).toContain(
      'relay Admin rechazó su solicitud de enviar el mensaje «Shelter in place».',
    );
    expect(spanish?.body).toContain('No indicó ningún motivo.');
    expect(await trail(id)).toEqual([
      'message.send_requested by sam@relay.test',
      'message.send_request_declined by admin@relay.test',
      'message.send_requested by kim@relay.test',
      'message.send_request_declined by admin@relay.test',
    ]);
  });

  it("answers 404 for another station's message or request", async () => {
    const id = await write('Not for harbor');
    const request = (await ask(sam, id)).json() as TRequestJson;
    for (const response of [
      await stranger.get(`/admin/api/messages/${id}/send-requests`),
      await ask(strangerStaff, id),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('message_not_found');
    }
    const foreign = await decline(stranger, request.id, { reason: 'Mine now.' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('send_request_not_found');
    expect((await stranger.get('/admin/api/send-requests')).json()).toEqual({ count: 0, requests: [] });
    expect((await requestsOf(admin, id)).map((r) => r.status)).toEqual(['pending']);
  });
});
