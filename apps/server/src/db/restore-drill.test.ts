// The restore drill with real processes (decision 0055): a server sends two emergencies through
// the real Twilio client to the loopback fake, a backup is taken with `npm run backup`'s command
// in the middle, the sends finish, the server stops, the backup is restored into the existing
// database with `npm run restore`'s command and the server starts again. Nobody is texted again
// by itself; the held texts are what the message's notice shows; the admin's "Send them" sends
// only what Twilio does not have, and "Cancel them" sends nothing. The fake is the witness: what
// it accepted is what people would receive.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { addSubscribers, crowdPhone } from '../test/crowd.js';
import { adminQuery, createTestDatabase, createTestDataDir } from '../test/db.js';
import { createContact, createStationWithAdmin, setBilling } from '../test/factories.js';
import { startFakeTwilio } from '../test/fake-twilio.js';
import { createMessage } from '../test/messages-factory.js';
import { waitUntil } from '../test/poll.js';
import {
  HttpSession,
  SERVER_MAIN,
  startServerProcess,
  stopServerProcesses,
  type TServerProcess,
} from '../test/server-process.js';
import { type Db, openPglite } from './client.js';

const onPostgres = process.env.TEST_DB === 'postgres';
const CLI = path.join(path.dirname(SERVER_MAIN), 'db/cli.js');
const COUNT = 200;

const fake = await startFakeTwilio();
afterAll(() => fake.close());
afterEach(stopServerProcesses);
const backups = fs.mkdtempSync(path.join(os.tmpdir(), 'ms-drill-'));
afterAll(() => fs.rmSync(backups, { recursive: true, force: true }));

function cli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: { PATH: process.env.PATH ?? '', ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

function twilioEnv(database: { DATABASE_URL: string } | { DATA_DIR: string }) {
  return {
    ...database,
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
    TWILIO_AUTH_TOKEN: 'drill-test-token',
    TWILIO_FROM_NUMBER: '+15005550006',
    TWILIO_API_BASE_URL: fake.url,
    // Paced, so that the backup lands in the middle of the sends.
    SMS_RATE_PER_SECOND: '20',
    SMS_LEASE_SECONDS: '30',
  };
}

type TProgress = { total: number; queued: number; sent: number; delivered: number; failed: number };

async function progressOf(admin: HttpSession, messageId: string): Promise<TProgress> {
  return (await admin.request('GET', `/admin/api/messages/${messageId}/deliveries`)).json();
}

async function waitForAllGone(admin: HttpSession, messageId: string, total: number) {
  await waitUntil(
    `every text of ${messageId} to be sent or failed`,
    async () => {
      const progress = await progressOf(admin, messageId);
      return progress.total === total && progress.queued === 0 && progress.sent + progress.failed === total;
    },
    { timeoutMs: 120_000, intervalMs: 200 },
  );
}

async function send(admin: HttpSession, messageId: string) {
  const response = await admin.request('POST', `/admin/api/messages/${messageId}/send-sms`, {});
  expect(response.status, response.text).toBe(200);
}

/** What the fake accepted for a message (its body holds the message's words). */
const acceptedFor = (words: string) => fake.messages.filter((m) => m.body.includes(words));

/**
 * A station with COUNT emergency subscribers and two emergencies; and a second station with one
 * subscriber and an emergency of its own, the witness that a restarted dispatcher has run. The
 * witness is an emergency on the same lane (the service's number), so quiet hours never hold it:
 * the drill runs at any hour of the day.
 */
async function prepareStation(db: Db) {
  fake.messages.length = 0;
  fake.requests.length = 0;
  const { station, adminEmail } = await createStationWithAdmin(db, { slug: 'kdrill' });
  await setBilling(db, station.id, { smsCreditsBalance: 10_000 });
  await addSubscribers(db, station.id, { count: COUNT });
  const flood = await createMessage(db, station.id, {
    title: 'Flood',
    original: 'Flood warning: move to higher ground now.',
  });
  const fire = await createMessage(db, station.id, {
    title: 'Fire',
    original: 'Wildfire: leave the north valley now.',
  });
  const other = await createStationWithAdmin(db, { slug: 'kwitness' });
  await createContact(db, other.station.id, {
    phone: '+13125550999',
    choices: [{ messageType: 'emergency', language: 'en' }],
  });
  const witness = await createMessage(db, other.station.id, {
    title: 'Roads',
    original: 'Roads closed in the north valley.',
  });
  return { adminEmail, flood, fire, witness: { id: witness.id, adminEmail: other.adminEmail } };
}

/**
 * Steps 4 to 6 of the drill, once the backup is restored: the server starts again and nothing of
 * the backup goes out by itself; the notices show the held texts; the admin's decisions do what
 * they say.
 */
async function afterTheRestore(
  env: Record<string, string>,
  adminEmail: string,
  messages: Record<'flood' | 'fire', { id: string }> & { witness: { id: string; adminEmail: string } },
  held: number,
) {
  const { flood, fire, witness } = messages;
  // 4. The server starts again: nothing of the backup goes out by itself. The witness, sent
  // after the start, arriving proves the dispatcher ran (held texts would have gone first).
  const postsBefore = fake.requests.length;
  const server = await startServerProcess(env);
  const witnessAdmin = new HttpSession(server.url);
  await witnessAdmin.login(witness.adminEmail);
  await send(witnessAdmin, witness.id);
  await waitForAllGone(witnessAdmin, witness.id, 1);
  const admin = new HttpSession(server.url);
  await admin.login(adminEmail);
  expect(fake.requests.slice(postsBefore).map((r) => r.form.To)).toEqual(['+13125550999']);

  // 5. What the screens show: each message's notice, and the dashboard's.
  const floodHeld = (await admin.request('GET', `/admin/api/messages/${flood.id}/held-after-restore`)).json();
  const fireHeld = (await admin.request('GET', `/admin/api/messages/${fire.id}/held-after-restore`)).json();
  expect(floodHeld.held + fireHeld.held).toBe(held);
  // Fire was still queued behind Flood when the backup was taken.
  expect(floodHeld.held).toBeGreaterThan(0);
  expect(fireHeld.held).toBeGreaterThan(0);
  const dashboard = (await admin.request('GET', '/admin/api/held-after-restore')).json();
  expect(dashboard).toMatchObject({ held });
  expect(dashboard.messages.map((m: { title: string }) => m.title).sort()).toEqual(['Fire', 'Flood']);

  // 6. Suppose Twilio never got the last few Flood and Fire texts (the live server stopped early):
  // they are what "Send them" sends, and what "Cancel them" refunds. The last texts Twilio
  // accepted of a message are among its held ones (held: not final when the backup was taken).
  const floodGone = Math.min(5, floodHeld.held);
  const fireGone = Math.min(10, fireHeld.held);
  const missingFlood = acceptedFor('Flood warning').slice(-floodGone);
  const missingFire = acceptedFor('Wildfire').slice(-fireGone);
  for (const gone of [...missingFlood, ...missingFire]) fake.messages.splice(fake.messages.indexOf(gone), 1);
  const postsBeforeDecisions = fake.requests.length;

  const cancelled = await admin.request('POST', `/admin/api/messages/${fire.id}/held-after-restore/cancel`);
  expect(cancelled.status, cancelled.text).toBe(200);
  expect(cancelled.json()).toEqual({
    action: 'cancel',
    already_sent: fireHeld.held - fireGone,
    queued: 0,
    cancelled: fireGone,
    provider_checked: true,
  });
  const sent = await admin.request('POST', `/admin/api/messages/${flood.id}/held-after-restore/send`);
  expect(sent.status, sent.text).toBe(200);
  expect(sent.json()).toEqual({
    action: 'send',
    already_sent: floodHeld.held - floodGone,
    queued: floodGone,
    cancelled: 0,
    provider_checked: true,
  });
  await waitForAllGone(admin, flood.id, COUNT);
  // Only the Flood texts Twilio did not have went out; nothing of Fire.
  expect(
    fake.requests
      .slice(postsBeforeDecisions)
      .map((r) => r.form.To)
      .sort(),
  ).toEqual(missingFlood.map((m) => m.to).sort());
  const fireAfter = await progressOf(admin, fire.id);
  expect(fireAfter).toMatchObject({ total: COUNT, queued: 0, failed: fireGone });
  expect((await admin.request('GET', '/admin/api/held-after-restore')).json()).toMatchObject({ held: 0 });
  // Every subscriber has Flood exactly once at Twilio.
  const floodPhones = acceptedFor('Flood warning').map((m) => m.to);
  expect(new Set(floodPhones).size).toBe(COUNT);
  expect(floodPhones.length).toBe(COUNT);
  expect(floodPhones.sort()).toEqual(Array.from({ length: COUNT }, (_, i) => crowdPhone(i)).sort());
}

describe('restore drill (real server processes)', () => {
  it.runIf(onPostgres)(
    'a backup taken mid-send, restored into the existing database: nobody is texted again, the admin decides',
    async () => {
      const database = await createTestDatabase();
      const url = database.url as string;
      afterAll(() =>
        adminQuery(
          process.env.TEST_DATABASE_URL as string,
          `drop database if exists ${new URL(url).pathname.slice(1)} with (force)`,
        ),
      );
      const { adminEmail, flood, fire, witness } = await prepareStation(database.db);
      // The server's pool must not be mistaken for a running server by the restore.
      await database.pool?.end();

      // 1. A server sends both emergencies; the backup is taken while Flood is going out.
      const server: TServerProcess = await startServerProcess(twilioEnv({ DATABASE_URL: url }));
      const admin = new HttpSession(server.url);
      await admin.login(adminEmail);
      await send(admin, flood.id);
      await send(admin, fire.id);
      await waitUntil('a fifth of Flood to reach Twilio', () => acceptedFor('Flood warning').length >= 40, {
        timeoutMs: 60_000,
        intervalMs: 20,
      });
      // Twilio throttles while the backup is taken (429, Twilio's 20429), so that the snapshot is
      // mid-send however long the backup command takes to start on a busy machine: the texts not
      // accepted wait for their retry, queued.
      fake.reply({ kind: 'throttled', retryAfter: 1 });
      const file = path.join(backups, 'mid-send.dump');
      const backup = await cli(['backup', file], { DATABASE_URL: url });
      expect(backup.code, backup.output).toBe(0);
      const atBackup = fake.messages.length;
      fake.reply({ kind: 'ok' });
      expect(acceptedFor('Flood warning').length).toBeLessThan(COUNT);

      // 2. The sends finish: everyone got each emergency once.
      await waitForAllGone(admin, flood.id, COUNT);
      await waitForAllGone(admin, fire.id, COUNT);
      expect(acceptedFor('Flood warning')).toHaveLength(COUNT);
      expect(acceptedFor('Wildfire')).toHaveLength(COUNT);

      // 3. The restore is refused while the server runs; then the servers stop and it goes ahead.
      const refused = await cli(['restore', file], { DATABASE_URL: url });
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('Stop every server before restoring');
      server.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
      const restored = await cli(['restore', file], { DATABASE_URL: url });
      expect(restored.code, restored.output).toBe(0);
      const held = Number(/(\d+) text\(s\) that were queued or sending/.exec(restored.output)?.[1]);
      // Everything Twilio had not accepted at the backup is held (and what was in flight then).
      expect(held).toBeGreaterThanOrEqual(2 * COUNT - atBackup);
      expect(held).toBeLessThanOrEqual(2 * COUNT - 40);

      await afterTheRestore(twilioEnv({ DATABASE_URL: url }), adminEmail, { flood, fire, witness }, held);
    },
    300_000,
  );

  it.skipIf(onPostgres)(
    'the embedded database: a backup between two runs of a send, restored over the folder',
    async () => {
      const dir = createTestDataDir('ms-drill-');
      afterAll(() => {
        for (const name of fs.readdirSync(path.dirname(dir))) {
          if (name.startsWith(path.basename(dir))) {
            fs.rmSync(path.join(path.dirname(dir), name), { recursive: true, force: true });
          }
        }
      });
      const database = await openPglite(dir);
      await database.migrate();
      const { adminEmail, flood, fire, witness } = await prepareStation(database.db);
      await database.close();
      const env = twilioEnv({ DATA_DIR: dir });

      // 1. The send starts; the server is stopped part-way (it drains: nothing is left in flight)
      // and the folder backed up, as the embedded database is backed up with the server stopped.
      let server = await startServerProcess(env);
      let admin = new HttpSession(server.url);
      await admin.login(adminEmail);
      await send(admin, flood.id);
      await send(admin, fire.id);
      await waitUntil('a fifth of Flood to reach Twilio', () => acceptedFor('Flood warning').length >= 40, {
        timeoutMs: 60_000,
        intervalMs: 20,
      });
      server.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
      const atBackup = fake.messages.length;
      const file = path.join(backups, 'between-runs.tar.gz');
      const backup = await cli(['backup', file], { DATA_DIR: dir });
      expect(backup.code, backup.output).toBe(0);

      // 2. The server runs again and finishes the sends, then stops.
      server = await startServerProcess(env);
      admin = new HttpSession(server.url);
      await admin.login(adminEmail);
      await waitForAllGone(admin, flood.id, COUNT);
      await waitForAllGone(admin, fire.id, COUNT);
      expect(fake.messages).toHaveLength(2 * COUNT);
      server.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);

      // 3. The restore: exactly what Twilio had not accepted at the backup is held.
      const restored = await cli(['restore', file], { DATA_DIR: dir });
      expect(restored.code, restored.output).toBe(0);
      expect(restored.output).toContain(`kept in ${dir}.before-restore-`);
      const held = Number(/(\d+) text\(s\) that were queued or sending/.exec(restored.output)?.[1]);
      expect(held).toBe(2 * COUNT - atBackup);

      await afterTheRestore(env, adminEmail, { flood, fire, witness }, held);
    },
    300_000,
  );
});
