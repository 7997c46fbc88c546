// A brand-new station in its free trial: the greeting of a first visit, the trial's
// credits and end date on Billing and the dashboard, and the first-run checklist from its rows.
import { randomUUID } from 'node:crypto';
import { FIRST_RUN_STEPS, type TFirstRunStep } from '@message-station/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import {
  agentClients,
  stationFirstRun,
  stationInboxSettings,
  stationLanguages,
  stationSending,
  stations,
} from '../../db/schema/index.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createContact, setBilling, TEST_STATION_CREATION } from '../../test/factories.js';
import { createMessage } from '../../test/messages-factory.js';
import { createStation } from '../station/service.js';
import { createUser } from '../users/service.js';

const SIGNUP = new Date('2026-11-27T15:00:00Z');
const TRIAL_END = '2026-12-11T15:00:00.000Z';
const DAY_MS = 86_400_000;

/** As signup leaves it: SMS off, English only, 14 days and 50 credits of trial. */
async function newStation(db: Db, slug: string) {
  return db.transaction(async (tx) => {
    const station = await createStation(tx, TEST_STATION_CREATION, {
      slug,
      name: slug.toUpperCase(),
      displayName: `${slug.toUpperCase()} Radio`,
      smsEnabled: false,
      paymentStatus: 'trial',
      paymentExpiresAt: new Date(TRIAL_END),
      smsCreditsBalance: 50,
      now: SIGNUP,
    });
    for (const [role, name] of [
      ['admin', 'admin'],
      ['user', 'staff'],
    ] as const) {
      await createUser(tx, {
        stationId: station.id,
        email: `${name}@${slug}.test`,
        password: 'demo1234',
        fullName: `${name} of ${slug}`,
        role,
      });
    }
    return station;
  });
}

describe('a new station', async () => {
  let clock = SIGNUP;
  const { app, db } = await createTestApp({ now: () => clock, dispatchInBackground: false });
  const mine = await newStation(db, 'knew');
  const other = await newStation(db, 'kolder');
  const admin = new TestClient(app);
  await admin.login('admin@knew.test');
  const otherAdmin = new TestClient(app, '10.0.0.2');
  await otherAdmin.login('admin@kolder.test');

  const alerts = async () =>
    (await admin.get('/admin/api/dashboard-stats')).json().alerts as { code: string; date?: string }[];
  const setBalance = (credits: number) => setBilling(db, mine.id, { smsCreditsBalance: credits });

  it('greets a first visit as new, and every sign-in after it as a return', async () => {
    expect((await admin.get('/auth/session')).json()).toMatchObject({
      fullName: 'admin of knew',
      firstVisit: true,
    });
    clock = new Date(SIGNUP.getTime() + DAY_MS);
    const later = new TestClient(app, '10.0.0.3');
    const again = await later.login('admin@knew.test');
    expect(again.json().firstVisit).toBeUndefined();
    expect((await later.get('/auth/session')).json().firstVisit).toBeUndefined();
    clock = SIGNUP;
  });

  it('measures the trial against its own credits and names the day it ends', async () => {
    const billing = (await admin.get('/admin/api/billing')).json();
    expect(billing).toMatchObject({
      paymentStatus: 'trial',
      smsCreditsBalance: 50,
      smsCreditsUsedMonth: 0,
      monthlyIncluded: 50,
      trial: { credits: 50, endsAt: TRIAL_END },
    });
    expect(await alerts()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          code: 'trial_active',
          type: 'info',
          date: TRIAL_END,
          message: 'Free trial ends on December 11, 2026.',
          link: '/admin/billing',
        }),
      ]),
    );
    // Once a plan is paid there is no trial: usage is measured against the plan's month.
    await setBilling(db, other.id, { paymentStatus: 'paid' });
    const paid = (await otherAdmin.get('/admin/api/billing')).json();
    expect(paid).toMatchObject({ trial: null, monthlyCredits: 500 });
  });

  it('warns of low credits below a fifth of the trial grant, never for the untouched grant', async () => {
    expect((await alerts()).map((a) => a.code)).not.toContain('low_credits');
    await setBalance(10);
    expect((await alerts()).map((a) => a.code)).not.toContain('low_credits');
    await setBalance(9);
    expect(await alerts()).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'low_credits', params: { credits: 9 } })]),
    );
    await setBalance(50);
  });

  it('counts the last three days down instead of naming the date', async () => {
    clock = new Date(new Date(TRIAL_END).getTime() - 2 * DAY_MS);
    // Twelve days on, the first session has expired: sign in again.
    const late = new TestClient(app, '10.0.0.5');
    await late.login('admin@knew.test');
    const codes = (await late.get('/admin/api/dashboard-stats')).json().alerts as { code: string }[];
    clock = SIGNUP;
    expect(codes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'trial_ending', params: { days: 2 }, date: TRIAL_END }),
      ]),
    );
    expect(codes.map((a) => a.code)).not.toContain('trial_active');
  });

  it("has the rows of its modules' own tables from the start (decision 0065)", async () => {
    const [firstRun] = await db.select().from(stationFirstRun).where(eq(stationFirstRun.stationId, mine.id));
    expect(firstRun).toEqual({ stationId: mine.id, hiddenAt: null });
    const [inbox] = await db
      .select({ autoReply: stationInboxSettings.autoReply })
      .from(stationInboxSettings)
      .where(eq(stationInboxSettings.stationId, mine.id));
    expect(inbox).toEqual({ autoReply: false });
    const [sending] = await db
      .select({ smsSender: stationSending.smsSender, smsRatePerSecond: stationSending.smsRatePerSecond })
      .from(stationSending)
      .where(eq(stationSending.stationId, mine.id));
    expect(sending).toEqual({ smsSender: null, smsRatePerSecond: null });
  });

  describe('first-run checklist', () => {
    const checklist = async (client = admin) => {
      const response = await client.get('/admin/api/dashboard/first-run');
      expect(response.statusCode).toBe(200);
      return response.json() as {
        steps: { key: TFirstRunStep; done: boolean }[];
        complete: boolean;
        hidden: boolean;
      };
    };
    const doneSteps = async (client = admin) =>
      (await checklist(client)).steps.filter((step) => step.done).map((step) => step.key);

    /** Each step as the station's admin takes it, through the API where the step is an API call. */
    const take = async (step: TFirstRunStep, stationId: string, client: TestClient) => {
      switch (step) {
        case 'sms_enabled':
          await db.update(stations).set({ smsEnabled: true }).where(eq(stations.id, stationId));
          return;
        case 'languages':
          await db.insert(stationLanguages).values({ stationId, languageCode: 'es', displayName: 'Spanish' });
          return;
        case 'message_types': {
          const [type] = (await client.get('/admin/api/message-types')).json();
          const saved = await client.request({
            method: 'PUT',
            url: `/admin/api/message-types/${type.id}`,
            body: {
              display_name: type.display_name,
              description: 'Tornado warnings and evacuations',
              color_code: type.color_code,
              is_active: true,
            },
          });
          expect(saved.statusCode).toBe(200);
          return;
        }
        case 'first_subscriber':
          await createContact(db, stationId, { phone: '+12125550123' });
          return;
        case 'first_message':
          await createMessage(db, stationId, { title: 'Welcome', original: 'Welcome to our alerts.' });
          return;
        case 'desktop_app':
          await db.insert(agentClients).values({
            stationId,
            clientId: `studio-${stationId}`,
            nodeId: 'node-1',
            connectionId: randomUUID(),
            clientName: 'Studio Mac',
            platform: 'darwin',
            clientVersion: '1.0.0',
          });
          return;
      }
    };

    it('lists every step not done for a fresh station, whatever another station did', async () => {
      for (const step of FIRST_RUN_STEPS) await take(step, other.id, otherAdmin);
      expect(await checklist(otherAdmin)).toMatchObject({ complete: true });
      expect(await checklist()).toEqual({
        steps: FIRST_RUN_STEPS.map((key) => ({ key, done: false })),
        complete: false,
        hidden: false,
      });
    });

    it('marks each step done as the station takes it, and is complete after the last', async () => {
      const taken: TFirstRunStep[] = [];
      for (const step of FIRST_RUN_STEPS) {
        await take(step, mine.id, admin);
        taken.push(step);
        expect(await doneSteps()).toEqual(taken);
      }
      expect((await checklist()).complete).toBe(true);
    });

    it('is hidden by an admin for the station, and shown again; staff may do neither', async () => {
      const staff = new TestClient(app, '10.0.0.4');
      await staff.login('staff@knew.test');
      const refused = await staff.request({
        method: 'PUT',
        url: '/admin/api/dashboard/first-run',
        body: { hidden: true },
      });
      expect(refused.statusCode).toBe(403);
      expect((await staff.get('/admin/api/dashboard/first-run')).statusCode).toBe(403);

      const hidden = await admin.request({
        method: 'PUT',
        url: '/admin/api/dashboard/first-run',
        body: { hidden: true },
      });
      expect(hidden.json()).toMatchObject({ hidden: true });
      expect(await checklist()).toMatchObject({ hidden: true });
      expect(await checklist(otherAdmin)).toMatchObject({ hidden: false });
      await admin.request({ method: 'PUT', url: '/admin/api/dashboard/first-run', body: { hidden: false } });
      expect(await checklist()).toMatchObject({ hidden: false });
    });
  });
});
