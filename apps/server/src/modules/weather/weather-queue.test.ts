// The poller on the job runner, as worker nodes run it: two nodes start at once on one database,
// and NWS is asked once and the alert drafted once (the queue lets one poll run at a time, and a
// poll that comes right after another waits for the interval).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/index.js';
import { messageParts } from '../../message-parts.js';
import { createEventBus } from '../../platform/event-bus.js';
import { startJobRunner } from '../../platform/jobs.js';
import { createOutboxEmailProvider } from '../../providers/email/outbox.js';
import { createNwsClient } from '../../providers/weather/nws.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createStationWithAdmin } from '../../test/factories.js';
import { startFakeNws } from '../../test/fake-nws.js';
import { readUntil } from '../../test/poll.js';
import { weatherSettings } from '../../test/weather.js';
import { startWeatherPoller, WEATHER_POLL_QUEUE } from './queue.js';

const fake = await startFakeNws();
const clock = new Date('2025-04-20T04:25:00Z');
const { app, db, database } = await createTestApp({
  now: () => clock,
  config: {
    weather: { apiUrl: fake.url, userAgent: 'MessageStationTest/1.0', pollSeconds: 30, timeoutMs: 2000 },
  },
});

async function waitingPolls() {
  const result = await db.execute(
    sql`select count(*)::int as n from pgboss.job where name = ${WEATHER_POLL_QUEUE}
        and (state = 'active' or (state in ('created', 'retry') and start_after < now()))`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

describe('the weather poller on worker nodes', () => {
  it('polls once and drafts once when two nodes start together', async () => {
    const { adminEmail, station } = await createStationWithAdmin(db, { slug: 'kwxnodes' });
    const admin = new TestClient(app);
    await admin.login(adminEmail);
    const saved = await admin.request({
      method: 'PUT',
      url: '/admin/api/weather/settings',
      body: weatherSettings({ severities: ['Extreme'] }),
    });
    expect(saved.statusCode).toBe(200);
    fake.add('tornado-warning-ok');

    const events = await createEventBus({});
    const nodes = await Promise.all([startJobRunner(database), startJobRunner(database)]);
    try {
      for (const node of nodes) {
        await startWeatherPoller(node.boss, {
          db,
          publicUrl: 'http://127.0.0.1',
          nws: createNwsClient({ apiUrl: fake.url, userAgent: 'MessageStationTest/1.0', timeoutMs: 2000 }),
          now: () => clock,
          events,
          translationQueue: { enqueue: async () => {}, wake: () => {} },
          messageParts: messageParts(),
          sent: async () => {},
          email: createOutboxEmailProvider(db, 'alerts@message-station.test'),
          pollSeconds: 30,
        });
      }
      const drafts = () => db.select().from(messages).where(sql`${messages.stationId} = ${station.id}`);
      expect(await readUntil(drafts, (rows) => rows.length > 0)).toHaveLength(1);
      // Every poll the two nodes queued has run (the next ones wait 30 s).
      await readUntil(waitingPolls, (n) => n === 0);
      expect(await drafts()).toHaveLength(1);
      expect(fake.alertRequests()).toHaveLength(1);
    } finally {
      await Promise.all(nodes.map((node) => node.stop()));
      await events.close();
    }
  });
});
