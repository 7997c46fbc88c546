// The dashboard's days and months are the station's, in its time zone (decision 0079): a text sent
// at 10 PM in Chicago on October 31 counts on October 31 and in October, although it is November
// in UTC; the same texts move with the station's zone; another station's never appear.
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, smsDeliveries, smsSends, stations } from '../../db/schema/index.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createContact, createStationWithAdmin } from '../../test/factories.js';
import { createMessage } from '../../test/messages-factory.js';

/** October 31, 10 PM in Chicago (CDT, UTC-5): already November 1 in UTC. */
const TEN_PM_CHICAGO_OCT_31 = new Date('2026-11-01T03:00:00Z');
/** October 31, 11:30 PM in Chicago. */
const LATER_THAT_NIGHT = new Date('2026-11-01T04:30:00Z');
/** November 1, midnight in Chicago: its first instant there. */
const MIDNIGHT_CHICAGO_NOV_1 = new Date('2026-11-01T05:00:00Z');
/** November 1, 10 AM in Chicago (CST since 2 AM); November 2, 2 AM in Guam (UTC+10). */
const NEXT_MORNING = new Date('2026-11-01T16:00:00Z');

type TStats = {
  station: { time_zone: string };
  stats: {
    messagesThisMonth: number;
    totalSmsSent: number;
    smsSentThisMonth: number;
    smsPerDay: { date: string; count: number }[];
  };
};

describe("the dashboard in the station's time zone", async () => {
  let clock = TEN_PM_CHICAGO_OCT_31;
  const { app, db } = await createTestApp({ now: () => clock, dispatchInBackground: false });
  const chicago = await createStationWithAdmin(db, { slug: 'kzone' });
  const elsewhere = await createStationWithAdmin(db, { slug: 'kzoneother' });
  for (const { station } of [chicago, elsewhere]) {
    await db.update(stations).set({ timeZone: 'America/Chicago' }).where(eq(stations.id, station.id));
  }
  for (const phone of ['+13125550101', '+13125550102'])
    await createContact(db, chicago.station.id, { phone });
  await createContact(db, elsewhere.station.id, { phone: '+13125550199' });
  const admin = new TestClient(app);
  await admin.login(chicago.adminEmail);
  const otherAdmin = new TestClient(app, '10.0.0.2');
  await otherAdmin.login(elsewhere.adminEmail);

  /** A message written and sent by SMS at `at`, its texts handed to the provider at once. */
  async function sendAt(at: Date, client: TestClient, stationId: string) {
    clock = at;
    const message = await createMessage(db, stationId, { title: 'Storm', original: 'Storm tonight.' });
    await db.update(messages).set({ createdAt: at }).where(eq(messages.id, message.id));
    expect((await client.post(`/admin/api/messages/${message.id}/send-sms`)).statusCode).toBe(200);
    const sends = db.select({ id: smsSends.id }).from(smsSends).where(eq(smsSends.messageId, message.id));
    await db
      .update(smsDeliveries)
      .set({ status: 'delivered', attempts: 1, sentAt: at })
      .where(inArray(smsDeliveries.sendId, sends));
  }
  const dashboardAt = async (at: Date, client = admin): Promise<TStats> => {
    clock = at;
    return (await client.get('/admin/api/dashboard-stats')).json();
  };
  const day = (stats: TStats, date: string) => stats.stats.smsPerDay.find((d) => d.date === date)?.count;

  await sendAt(TEN_PM_CHICAGO_OCT_31, admin, chicago.station.id);
  await sendAt(TEN_PM_CHICAGO_OCT_31, otherAdmin, elsewhere.station.id);

  it('counts a text sent at 10 PM in Chicago on the last day of a month in that day and that month', async () => {
    const dashboard = await dashboardAt(LATER_THAT_NIGHT);
    expect(dashboard.station.time_zone).toBe('America/Chicago');
    expect(dashboard.stats).toMatchObject({ messagesThisMonth: 1, totalSmsSent: 2, smsSentThisMonth: 2 });
    expect(dashboard.stats.smsPerDay).toHaveLength(30);
    expect(dashboard.stats.smsPerDay.at(-1)).toEqual({ date: '2026-10-31', count: 2 });
    expect(dashboard.stats.smsPerDay[0]?.date).toBe('2026-10-02');
    expect(day(dashboard, '2026-11-01')).toBeUndefined();
  });

  it("starts the next day and month at midnight in Chicago, and keeps October's texts in October", async () => {
    await sendAt(MIDNIGHT_CHICAGO_NOV_1, admin, chicago.station.id);
    const dashboard = await dashboardAt(NEXT_MORNING);
    expect(dashboard.stats).toMatchObject({ messagesThisMonth: 1, totalSmsSent: 4, smsSentThisMonth: 2 });
    expect(dashboard.stats.smsPerDay.slice(-2)).toEqual([
      { date: '2026-10-31', count: 2 },
      { date: '2026-11-01', count: 2 },
    ]);
  });

  it('never shows another station’s texts or messages', async () => {
    const theirs = await dashboardAt(NEXT_MORNING, otherAdmin);
    expect(theirs.stats).toMatchObject({ messagesThisMonth: 0, totalSmsSent: 1, smsSentThisMonth: 0 });
    expect(theirs.stats.smsPerDay.slice(-2)).toEqual([
      { date: '2026-10-31', count: 1 },
      { date: '2026-11-01', count: 0 },
    ]);
  });

  it('counts the same texts in the days and month of another zone once the station moves there', async () => {
    const settings = (await admin.get('/admin/api/station/settings')).json();
    const readOnly = [
      'join_url',
      'unsubscribe_url',
      'logo_url',
      'sms_credits',
      'billing_email',
      'payment_status',
    ];
    const editable = Object.fromEntries(Object.entries(settings).filter(([key]) => !readOnly.includes(key)));
    const saved = await admin.request({
      method: 'PUT',
      url: '/admin/api/station/settings',
      body: { ...editable, time_zone: 'Pacific/Guam' },
    });
    expect(saved.statusCode).toBe(200);
    // Both sends were on November 1 in Guam (1 PM and 3 PM); there it is November 2 now.
    const dashboard = await dashboardAt(NEXT_MORNING);
    expect(dashboard.station.time_zone).toBe('Pacific/Guam');
    expect(dashboard.stats).toMatchObject({ messagesThisMonth: 2, totalSmsSent: 4, smsSentThisMonth: 4 });
    expect(dashboard.stats.smsPerDay.slice(-3)).toEqual([
      { date: '2026-10-31', count: 0 },
      { date: '2026-11-01', count: 4 },
      { date: '2026-11-02', count: 0 },
    ]);
    // The other station stayed in Chicago.
    expect((await dashboardAt(NEXT_MORNING, otherAdmin)).station.time_zone).toBe('America/Chicago');
  });
});
