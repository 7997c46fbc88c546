// Scheduled sends through the API with a fake clock: staff act at START (the app's clock), and
// the runs are made by the sweep the job runner calls (runDueSchedules) at the moment a test
// names, as a worker would then.
import { randomUUID } from 'node:crypto';
import {
  OPT_OUT_LINES,
  type TScheduleDetail,
  type TScheduleSaved,
  untranslatedNotice,
} from '@message-station/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentClients, outboxMessages, smsDeliveries, smsSends, users } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { createOutboxEmailProvider } from '../../providers/email/outbox.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { billingOf, createContact, createStationWithAdmin, setBilling } from '../../test/factories.js';
import { inviteAndAccept } from '../../test/invitations.js';
import { createMessage } from '../../test/messages-factory.js';
import { createUser } from '../users/service.js';
import { runDueSchedules } from './run.js';

// Monday 26 October 2026, 08:00 in New York (EDT): the clocks fall back on Sunday 1 November.
const START = new Date('2026-10-26T12:00:00Z');

async function setup(slug: string) {
  const { app, db, config } = await createTestApp({ now: () => START });
  const {
    station,
    admin: adminUser,
    adminEmail,
  } = await createStationWithAdmin(db, {
    slug,
    languages: ['en', 'es'],
  });
  await createContact(db, station.id, {
    phone: '+12125550181',
    choices: [{ messageType: 'informational', language: 'en' }],
  });
  await createContact(db, station.id, {
    phone: '+12125550182',
    choices: [{ messageType: 'informational', language: 'es' }],
  });
  const admin = new TestClient(app);
  await admin.login(adminEmail);
  const played: string[] = [];
  const deps = {
    db,
    email: createOutboxEmailProvider(db, config.email.from),
    publicUrl: config.publicUrl,
    async play(_stationId: string, clientId: string) {
      if (clientId === 'offline-pc') throw new AppError('machine_not_connected', { machine: 'Office PC' });
      played.push(clientId);
      return { clientName: 'Studio PC' };
    },
    sent: async () => {},
  };
  // Reviewed by staff: a run (nobody watching) delivers it (decision 0050).
  const message = (
    translations: Record<string, string> = { es: 'La biblioteca abre a las 10.' },
    review: 'machine' | 'reviewed' = 'reviewed',
  ) =>
    createMessage(db, station.id, {
      title: 'Library hours',
      original: 'The library opens at 10.',
      type: 'informational',
      translations,
      review,
    });
  const schedule = (messageId: string, body: Record<string, unknown>) =>
    admin.post(`/admin/api/messages/${messageId}/schedules`, { send_sms: true, machine_ids: [], ...body });
  /** The texts the message's sends queued. */
  const sendsOf = async (messageId: string) =>
    (
      await db
        .select({ body: smsDeliveries.body })
        .from(smsDeliveries)
        .innerJoin(smsSends, eq(smsSends.id, smsDeliveries.sendId))
        .where(eq(smsSends.messageId, messageId))
    ).map((d) => d.body);
  const balance = async () => (await billingOf(db, station.id))?.smsCreditsBalance;
  return {
    app,
    db,
    station,
    adminUser,
    admin,
    adminEmail,
    played,
    message,
    schedule,
    sendsOf,
    balance,
    /** Moves the clock and runs what is due, as the minute's sweep would. */
    runAt: (at: Date | string) => runDueSchedules(deps, new Date(at)),
    detail: async (id: string): Promise<TScheduleDetail> =>
      (await admin.get(`/admin/api/schedules/${id}`)).json(),
  };
}

describe('a one-time schedule', async () => {
  const t = await setup('ksched');

  it('is checked when saved, goes at its time in the station time zone once, and charges one run', async () => {
    const message = await t.message();
    const saved = await t.schedule(message.id, { repeat: 'once', start_date: '2026-10-27', time: '09:00' });
    expect(saved.statusCode).toBe(201);
    const body: TScheduleSaved = saved.json();
    // 09:00 in New York on 27 October (EDT) is 13:00 UTC.
    expect(body.schedule).toMatchObject({ status: 'active', time_zone: 'America/New_York', runs_done: 0 });
    expect(body.schedule.next_run_at).toBe('2026-10-27T13:00:00.000Z');
    expect(body.check).toEqual({
      recipients: 2,
      credits_per_run: 2,
      balance: 100,
      translations_pending: [],
      fallback_languages: [],
    });

    const upcoming = (await t.admin.get('/admin/api/schedules')).json().schedules;
    expect(upcoming.map((s: { id: string }) => s.id)).toEqual([body.schedule.id]);

    expect(await t.runAt('2026-10-27T12:59:59Z')).toEqual([]);
    expect(await t.sendsOf(message.id)).toHaveLength(0);
    const runs = await t.runAt('2026-10-27T13:00:00Z');
    expect(runs).toMatchObject([{ scheduleId: body.schedule.id, outcome: 'sent' }]);
    // Each subscriber's text, in their language, queued for the dispatcher.
    const texts = await t.sendsOf(message.id);
    expect(texts.sort()).toEqual([
      expect.stringContaining('La biblioteca abre a las 10.'),
      expect.stringContaining('The library opens at 10.'),
    ]);
    expect(await t.balance()).toBe(98);

    // The minute's sweep again, and later: nothing more.
    expect(await t.runAt('2026-10-27T13:01:00Z')).toEqual([]);
    const detail = await t.detail(body.schedule.id);
    expect(detail).toMatchObject({ status: 'done', next_run_at: null, runs_done: 1 });
    expect(detail.runs).toMatchObject([{ outcome: 'sent', recipients: 2, credits: 2, error_code: null }]);
    expect((await t.admin.get('/admin/api/schedules?status=past')).json().schedules[0].id).toBe(
      body.schedule.id,
    );

    const audit = (await t.admin.get('/admin/api/audit?action=schedule')).json();
    expect(audit.entries.map((e: { action: string }) => e.action)).toEqual([
      'schedule.ran',
      'schedule.created',
    ]);
  });

  it('refuses bad times and requests with nothing written', async () => {
    const message = await t.message();
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ repeat: 'once', start_date: '2026-10-26', time: '07:59' }, 400, 'schedule_in_past'],
      [
        { repeat: 'once', start_date: '2026-10-27', time: '09:00', send_sms: false },
        400,
        'schedule_nothing_to_do',
      ],
      [{ repeat: 'once', start_date: '2026-10-27', time: '09:00', max_runs: 2 }, 400, 'schedule_once_no_end'],
      [
        { repeat: 'daily', start_date: '2026-10-27', time: '09:00', ends_on: '2026-10-20' },
        400,
        'schedule_ends_before_start',
      ],
      [
        { repeat: 'weekdays', start_date: '2026-10-31', time: '09:00', ends_on: '2026-11-01' },
        400,
        'schedule_no_runs',
      ],
      [{ repeat: 'once', start_date: '2026-10-27', time: '25:00' }, 400, 'invalid_field'],
      [{ repeat: 'hourly', start_date: '2026-10-27', time: '09:00' }, 400, 'invalid_field'],
      [
        { repeat: 'once', start_date: '2026-10-27', time: '09:00', machine_ids: ['no-such-pc'] },
        404,
        'machine_not_found',
      ],
    ];
    for (const [body, status, code] of refusals) {
      const answer = await t.schedule(message.id, body);
      expect({ body, status: answer.statusCode, code: answer.json().code }).toEqual({
        body,
        status,
        code: expect.any(String),
      });
      if (code !== 'invalid_field') expect(answer.json().code).toBe(code);
    }
    const list = await t.admin.get(`/admin/api/schedules?message_id=${message.id}`);
    expect(list.json().schedules).toEqual([]);

    // A recurrence that started last week goes on from its next run (as when a running one is changed).
    const running = await t.schedule(message.id, {
      repeat: 'daily',
      start_date: '2026-10-19',
      time: '09:00',
    });
    expect(running.json().schedule.next_run_at).toBe('2026-10-26T13:00:00.000Z');
    await t.admin.post(`/admin/api/schedules/${running.json().schedule.id}/cancel`);
  });

  it("refuses what the send would refuse, and a standard user's SMS schedule", async () => {
    const message = await t.message();
    await setBilling(t.db, t.station.id, { smsCreditsBalance: 1 });
    const short = await t.schedule(message.id, { repeat: 'once', start_date: '2026-10-27', time: '10:00' });
    expect(short.statusCode).toBe(402);
    expect(short.json()).toMatchObject({ code: 'not_enough_credits', params: { needed: 2, available: 1 } });
    await setBilling(t.db, t.station.id, { smsCreditsBalance: 100 });

    const { client: user } = await inviteAndAccept(t.app, t.db, t.admin, {
      full_name: 'Pat Staff',
      email: 'pat@ksched.test',
      phone_number: '+12125550199',
      role: 'user',
    });
    const answer = await user.post(`/admin/api/messages/${message.id}/schedules`, {
      repeat: 'once',
      start_date: '2026-10-27',
      time: '10:00',
      send_sms: true,
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().code).toBe('send_admin_only');
  });
});

describe("a run that answers a standard user's request to send", async () => {
  const t = await setup('kasked');
  // Two standard users, one reading the interface (and so their emails) in Spanish.
  for (const [email, fullName, language] of [
    ['pat@kasked.test', 'Pat Staff', 'en'],
    ['lu@kasked.test', 'Lu Staff', 'es'],
  ] as const) {
    await createUser(t.db, { stationId: t.station.id, email, password: 'demo1234', fullName, role: 'user' });
    await t.db.update(users).set({ language }).where(eq(users.email, email));
  }

  it('tells each requester, in their language, that the schedule sent it', async () => {
    const asked = [];
    for (const [email, title] of [
      ['pat@kasked.test', 'Pool closed'],
      ['lu@kasked.test', 'Road works'],
    ] as const) {
      const message = await createMessage(t.db, t.station.id, {
        title,
        original: 'Closed today.',
        type: 'informational',
        translations: { es: 'Cerrado hoy.' },
        review: 'reviewed',
      });
      const staff = new TestClient(t.app);
      await staff.login(email);
      expect((await staff.post(`/admin/api/messages/${message.id}/send-requests`, {})).statusCode).toBe(201);
      expect(
        (await t.schedule(message.id, { repeat: 'once', start_date: '2026-10-27', time: '09:00' }))
          .statusCode,
      ).toBe(201);
      asked.push({ email, title, id: message.id });
    }
    const answersTo = async (to: string) =>
      (
        await t.db
          .select()
          .from(outboxMessages)
          .where(and(eq(outboxMessages.to, to), eq(outboxMessages.channel, 'email')))
      ).filter(({ subject }) => subject?.includes('Pool closed') || subject?.includes('Road works'));
    expect(await answersTo('pat@kasked.test')).toEqual([]);

    expect(await t.runAt('2026-10-27T13:00:00Z')).toMatchObject([{ outcome: 'sent' }, { outcome: 'sent' }]);
    const [english, ...moreEnglish] = await answersTo('pat@kasked.test');
    expect(moreEnglish).toEqual([]);
    expect(english?.subject).toBe('Your request was answered: “Pool closed” was sent');
    expect(english?.body).toContain('Hello Pat Staff,');
    expect(english?.body).toContain(
      'A scheduled send sent the message “Pool closed” by SMS, which answers your request.',
    );
    expect(english?.body).toContain(`/admin/messages?message=${asked[0]?.id}`);
    const [spanish, ...moreSpanish] = await answersTo('lu@kasked.test');
    expect(moreSpanish).toEqual([]);
    expect(spanish?.subject).toBe('Su solicitud fue atendida: se envió «Road works»');
    expect(spanish?.body).toContain(
      'Un envío programado envió el mensaje «Road works» por SMS, lo que atiende su solicitud.',
    );
    // The requests are answered: nothing waits for the admins any more.
    const queue = (await t.admin.get('/admin/api/send-requests')).json();
    expect(queue.count).toBe(0);
  });
});

describe('a daily schedule through the change from daylight saving time', async () => {
  const t = await setup('kdaily');

  it('runs at 09:00 local on each day (13:00 UTC, then 14:00 UTC), then ends after its count', async () => {
    const message = await t.message();
    const saved: TScheduleSaved = (
      await t.schedule(message.id, { repeat: 'daily', start_date: '2026-10-30', time: '09:00', max_runs: 4 })
    ).json();
    const id = saved.schedule.id;
    expect(saved.schedule.upcoming).toEqual([
      '2026-10-31T13:00:00.000Z',
      '2026-11-01T14:00:00.000Z',
      '2026-11-02T14:00:00.000Z',
    ]);
    for (const due of [
      '2026-10-30T13:00:00Z',
      '2026-10-31T13:00:00Z',
      '2026-11-01T14:00:00Z',
      '2026-11-02T14:00:00Z',
    ]) {
      // An hour early on 1 November is 08:00 EST: not yet.
      expect(await t.runAt(new Date(new Date(due).getTime() - 60_000))).toEqual([]);
      expect(await t.runAt(due)).toMatchObject([{ scheduleId: id, outcome: 'sent', dueAt: new Date(due) }]);
    }
    const detail = await t.detail(id);
    expect(detail).toMatchObject({ status: 'done', runs_done: 4, next_run_at: null });
    expect(detail.runs.map((r) => r.due_at)).toEqual([
      '2026-11-02T14:00:00.000Z',
      '2026-11-01T14:00:00.000Z',
      '2026-10-31T13:00:00.000Z',
      '2026-10-30T13:00:00.000Z',
    ]);
    expect(await t.balance()).toBe(100 - 4 * 2);
  });

  it('follows an edit and a cancel; a late sweep runs once and moves to the next day', async () => {
    const message = await t.message();
    const { schedule } = (
      await t.schedule(message.id, { repeat: 'weekdays', start_date: '2026-11-05', time: '07:30' })
    ).json() as TScheduleSaved;
    const edited = await t.admin.request({
      method: 'PUT',
      url: `/admin/api/schedules/${schedule.id}`,
      body: { repeat: 'weekdays', start_date: '2026-11-05', time: '08:15', send_sms: true },
    });
    expect(edited.statusCode).toBe(200);
    // Thursday 5 November 08:15 EST.
    expect(edited.json().schedule.next_run_at).toBe('2026-11-05T13:15:00.000Z');

    // The workers were down from Thursday to Monday 09:00: one run, then Tuesday.
    expect(await t.runAt('2026-11-09T14:00:00Z')).toHaveLength(1);
    expect((await t.detail(schedule.id)).next_run_at).toBe('2026-11-10T13:15:00.000Z');

    const cancelled = await t.admin.post(`/admin/api/schedules/${schedule.id}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', next_run_at: null });
    expect(await t.runAt('2026-11-10T13:15:00Z')).toEqual([]);
    expect((await t.admin.post(`/admin/api/schedules/${schedule.id}/cancel`)).json().code).toBe(
      'schedule_not_active',
    );
  });
});

describe('a run that cannot go', async () => {
  const t = await setup('kfail');

  it('records why, emails the admins and keeps the recurrence; a one-time schedule ends as failed', async () => {
    const message = await t.message();
    const daily: TScheduleSaved = (
      await t.schedule(message.id, { repeat: 'daily', start_date: '2026-10-27', time: '09:00' })
    ).json();
    await setBilling(t.db, t.station.id, { smsCreditsBalance: 1 });
    expect(await t.runAt('2026-10-27T13:00:00Z')).toMatchObject([
      { outcome: 'failed', errorCode: 'not_enough_credits' },
    ]);
    const detail = await t.detail(daily.schedule.id);
    expect(detail).toMatchObject({ status: 'active', next_run_at: '2026-10-28T13:00:00.000Z' });
    expect(detail.last_run).toMatchObject({
      outcome: 'failed',
      error_code: 'not_enough_credits',
      error_params: { needed: 2, available: 1 },
    });
    expect(await t.balance()).toBe(1);
    const [email] = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.to, t.adminEmail), eq(outboxMessages.channel, 'email')));
    expect(email?.subject).toBe('Scheduled message not sent: Library hours');
    expect(email?.body).toContain('Tuesday, October 27, 2026 at 9:00');
    expect(email?.body).toContain('Not enough SMS credits: it needed 2 and the station had 1.');
    expect(email?.body).toContain('its next run is Wednesday, October 28, 2026 at 9:00');
    await t.admin.post(`/admin/api/schedules/${daily.schedule.id}/cancel`);
    await setBilling(t.db, t.station.id, { smsCreditsBalance: 100 });
  });

  it('says when saved which languages get the original with the notice, and the run sends exactly that', async () => {
    // No Spanish translation at all (no engine): the check says so, and the run still reaches everyone.
    const untranslated = await t.message({});
    const saved: TScheduleSaved = (
      await t.schedule(untranslated.id, { repeat: 'once', start_date: '2026-10-29', time: '09:00' })
    ).json();
    expect(saved.check).toMatchObject({ recipients: 2, fallback_languages: ['es'] });
    expect(await t.runAt('2026-10-29T13:00:00Z')).toMatchObject([{ outcome: 'sent', errorCode: null }]);
    expect(await t.detail(saved.schedule.id)).toMatchObject({ status: 'done' });
    const texts = await t.sendsOf(untranslated.id);
    expect(texts).toHaveLength(2);
    expect(texts).toContain(
      `${t.station.displayName}: The library opens at 10.\n${untranslatedNotice('es', 'en')}\n${OPT_OUT_LINES.es}`,
    );

    // An engine's Spanish nobody reviewed: the same, told at save time; reviewed, it goes as written.
    const machine = await t.message({ es: 'La biblioteca abre en 10.' }, 'machine');
    const machineSaved: TScheduleSaved = (
      await t.schedule(machine.id, { repeat: 'once', start_date: '2026-10-29', time: '10:00' })
    ).json();
    expect(machineSaved.check?.fallback_languages).toEqual(['es']);
    await t.runAt('2026-10-29T14:00:00Z');
    expect((await t.sendsOf(machine.id)).join('\n')).not.toContain('La biblioteca abre en 10.');
    const reviewed = await t.message();
    const reviewedSaved: TScheduleSaved = (
      await t.schedule(reviewed.id, { repeat: 'once', start_date: '2026-10-29', time: '11:00' })
    ).json();
    expect(reviewedSaved.check?.fallback_languages).toEqual([]);
    await t.runAt('2026-10-29T15:00:00Z');
    expect((await t.sendsOf(reviewed.id)).join('\n')).toContain('La biblioteca abre a las 10.');
  });

  it('plays on its machines at the time and names the ones that were not connected', async () => {
    const message = await t.message();
    for (const [clientId, name] of [
      ['studio-pc', 'Studio PC'],
      ['offline-pc', 'Office PC'],
    ]) {
      await t.db.insert(agentClients).values({
        stationId: t.station.id,
        clientId: clientId as string,
        nodeId: 'node-test',
        connectionId: randomUUID(),
        clientName: name as string,
        platform: 'Linux',
        clientVersion: '1.0.0',
      });
    }
    const saved = await t.schedule(message.id, {
      repeat: 'once',
      start_date: '2026-10-30',
      time: '09:00',
      send_sms: false,
      machine_ids: ['studio-pc', 'offline-pc'],
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().schedule.machines).toEqual([
      { id: 'studio-pc', name: 'Studio PC' },
      { id: 'offline-pc', name: 'Office PC' },
    ]);
    expect(saved.json().check).toBeNull();
    await t.runAt('2026-10-30T13:00:00Z');
    expect(t.played).toEqual(['studio-pc']);
    expect((await t.detail(saved.json().schedule.id)).last_run).toMatchObject({
      outcome: 'failed',
      played_on: ['Studio PC'],
      error_code: 'schedule_machines_missed',
      error_params: { machine_list: 'Office PC' },
    });
  });
});

describe("another station's schedules", async () => {
  const t = await setup('kown');

  it('answer 404 on every route, and its messages cannot be scheduled', async () => {
    const message = await t.message();
    const { schedule } = (
      await t.schedule(message.id, { repeat: 'once', start_date: '2026-10-28', time: '09:00' })
    ).json() as TScheduleSaved;
    const other = await createStationWithAdmin(t.db, { slug: 'kother' });
    const stranger = new TestClient(t.app);
    await stranger.login(other.adminEmail);
    const body = { repeat: 'once', start_date: '2026-10-28', time: '09:00', send_sms: true };
    for (const answer of [
      await stranger.get(`/admin/api/schedules/${schedule.id}`),
      await stranger.request({ method: 'PUT', url: `/admin/api/schedules/${schedule.id}`, body }),
      await stranger.post(`/admin/api/schedules/${schedule.id}/cancel`),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json().code).toBe('schedule_not_found');
    }
    const onMessage = await stranger.post(`/admin/api/messages/${message.id}/schedules`, body);
    expect(onMessage.statusCode).toBe(404);
    expect((await stranger.get(`/admin/api/schedules?message_id=${message.id}`)).statusCode).toBe(404);
    // Its own message, played on this station's machine: the machine is not found.
    const own = await createMessage(t.db, other.station.id, { original: 'Other station' });
    await t.db.insert(agentClients).values({
      stationId: t.station.id,
      clientId: 'kown-pc',
      nodeId: 'node-test',
      connectionId: randomUUID(),
      clientName: 'Own PC',
      platform: 'Linux',
      clientVersion: '1.0.0',
    });
    const onMachine = await stranger.post(`/admin/api/messages/${own.id}/schedules`, {
      ...body,
      send_sms: false,
      machine_ids: ['kown-pc'],
    });
    expect(onMachine.json().code).toBe('machine_not_found');
    expect((await stranger.get('/admin/api/schedules')).json().schedules).toEqual([]);
    expect((await t.detail(schedule.id)).status).toBe('active');
  });

  it('runs each due time once when two sweeps run at the same moment (two workers)', async () => {
    const message = await t.message();
    await t.schedule(message.id, { repeat: 'once', start_date: '2026-10-27', time: '09:00' });
    await t.schedule(message.id, { repeat: 'once', start_date: '2026-10-27', time: '11:00' });
    const [a, b] = await Promise.all([t.runAt('2026-10-27T15:00:00Z'), t.runAt('2026-10-27T15:00:00Z')]);
    // Each due time taken by exactly one of the sweeps.
    expect([...a, ...b].map((r) => r.dueAt.toISOString()).sort()).toEqual([
      '2026-10-27T13:00:00.000Z',
      '2026-10-27T15:00:00.000Z',
    ]);
  });

  it("uses the station's time zone from Settings", async () => {
    const settings = (await t.admin.get('/admin/api/station/settings')).json();
    const {
      join_url: _j,
      unsubscribe_url: _u,
      logo_url: _l,
      sms_credits: _c,
      billing_email: _b,
      payment_status: _p,
      ...rest
    } = settings;
    const put = await t.admin.request({
      method: 'PUT',
      url: '/admin/api/station/settings',
      body: {
        ...rest,
        supported_languages: ['en', 'es'],
        time_zone: 'America/Los_Angeles',
      },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().time_zone).toBe('America/Los_Angeles');
    const message = await t.message();
    const saved = await t.schedule(message.id, { repeat: 'once', start_date: '2026-10-29', time: '09:00' });
    // 09:00 PDT is 16:00 UTC.
    expect(saved.json().schedule).toMatchObject({
      time_zone: 'America/Los_Angeles',
      next_run_at: '2026-10-29T16:00:00.000Z',
    });
  });
});
