// The database every benchmark starts from: migrated, with the demo station, on PGlite or on the
// PostgreSQL of DATABASE_URL (use an empty database); and the demo station in all nine languages.
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { LANGUAGES, MESSAGE_TYPES } from '@message-station/shared';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { type Db, openPglite, openPostgres } from '../apps/server/src/db/client.js';
import { rowsOf } from '../apps/server/src/db/rows.js';
import { stationLanguages, stations } from '../apps/server/src/db/schema/index.js';
import { seedDemo } from '../apps/server/src/db/seed.js';
import { setBilling } from '../apps/server/src/test/factories.js';
import { createMessage } from '../apps/server/src/test/messages-factory.js';
import { signInDemoAdmin } from './sign-in.js';

const DAY_MS = 86_400_000;

/** `env`: settings beyond the test defaults (e.g. translation engines). */
export async function openDemoDatabase(env: Record<string, string> = {}) {
  const database = process.env.DATABASE_URL
    ? await openPostgres(process.env.DATABASE_URL)
    : await openPglite();
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    DEV_TOOLS: 'true',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    ...env,
  });
  await seedDemo(database.db, config.publicUrl);
  return { database, config };
}

/** The demo station, made to speak all nine languages. */
export async function demoInAllLanguages(db: Db) {
  const [station] = await db.select().from(stations).where(eq(stations.slug, 'demo'));
  if (!station) throw new Error('demo station missing');
  await db
    .insert(stationLanguages)
    .values(LANGUAGES.map((l) => ({ stationId: station.id, languageCode: l.code, displayName: l.name })))
    .onConflictDoNothing();
  return station;
}

/**
 * `count` active subscribers, set-based: numbers spread over ten real area codes (quiet hours look
 * each one up), a language each (all nine), emergency plus one of the other three types.
 */
/** `first`: the number of the first one, so a second call adds more (numbers never repeat). */
export async function addSubscribers(db: Db, stationId: string, count: number, first = 1) {
  const areaCodes = ['212', '213', '312', '415', '512', '602', '702', '808', '907', '305'];
  await db.execute(sql`
    insert into sms_contacts (station_id, name, phone, language, status, is_verified, source)
    select ${stationId}::uuid, 'bench',
           '+1' || (${sql.raw(`array['${areaCodes.join("','")}']`)})[1 + i % 10] || lpad((2000000 + i)::text, 7, '0'),
           (${sql.raw(`array['${LANGUAGES.map((l) => l.code).join("','")}']`)})[1 + i % 9],
           'active', true, 'import'
    from generate_series(${first}::int, ${first + count - 1}::int) as i`);
  const others = MESSAGE_TYPES.map((t) => t.key).filter((k) => k !== 'emergency');
  await db.execute(sql`
    insert into sms_contact_preferences (contact_id, station_id, message_type, language)
    select c.id, c.station_id, t.type, c.language
    from sms_contacts c
    cross join lateral (values ('emergency'), ((${sql.raw(`array['${others.join("','")}']`)})[1 + (abs(hashtext(c.phone)) % 3)])) as t(type)
    where c.station_id = ${stationId}::uuid and c.name = 'bench'
    on conflict do nothing`);
}

/**
 * The demo station at scale, served on loopback: `subscribers` subscribers and about `deliveries`
 * delivery rows (one emergency send to all of them every three days over the past month, accepted
 * through the real endpoint, then settled set-based as the dispatcher and callbacks would leave
 * them: most delivered, some undelivered, failed or still out with the provider, the newest half
 * queued; the triggers keep the rollups). `beforeSends` may change the subscribers first.
 */
export async function busyDemoStation(options: {
  subscribers: number;
  deliveries: number;
  env?: Record<string, string>;
  beforeSends?: (db: Db, stationId: string) => Promise<void>;
}) {
  const { database, config } = await openDemoDatabase(options.env);
  let clock = new Date();
  const app = await buildApp({ config, database, now: () => clock, dispatchInBackground: false });
  const { db } = database;
  const station = await demoInAllLanguages(db);
  await setBilling(db, station.id, { smsCreditsBalance: 100_000_000 });

  const setupStart = performance.now();
  await addSubscribers(db, station.id, options.subscribers);
  await options.beforeSends?.(db, station.id);
  const { cookies, csrf } = await signInDemoAdmin(app);
  const sends = Math.ceil(options.deliveries / options.subscribers);
  const today = Date.now();
  for (let i = 0; i < sends; i++) {
    // Spread over the past month, the newest today.
    clock = new Date(today - (sends - 1 - i) * 3 * DAY_MS);
    const message = await createMessage(db, station.id, {
      title: `Bench send ${i + 1}`,
      original: `Road closed on Main St, notice ${i + 1}.`,
      type: 'emergency',
    });
    const accepted = await app.inject({
      method: 'POST',
      url: `/admin/api/messages/${message.id}/send-sms`,
      cookies,
      headers: { 'x-csrf-token': csrf },
    });
    if (accepted.statusCode !== 200) throw new Error(`send refused: ${accepted.body}`);
  }
  clock = new Date();
  await db.execute(sql`
    update sms_deliveries set attempts = 1, sent_at = created_at + interval '2 minutes',
      status = case when abs(hashtext(phone)) % 100 < 90 then 'delivered'
                    when abs(hashtext(phone)) % 100 < 94 then 'undelivered'
                    when abs(hashtext(phone)) % 100 < 96 then 'sent'
                    else 'failed' end
    where created_at < ${new Date(today - DAY_MS).toISOString()}::timestamptz
       or abs(hashtext(phone)) % 2 = 0`);
  await db.execute(sql`analyze`);
  const [{ n: rows } = { n: 0 }] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from sms_deliveries`),
  );
  const setupS = (performance.now() - setupStart) / 1000;

  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const cookieHeader = Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  return { app, database, db, station, sends, rows, setupS, base, cookieHeader, csrf };
}

/** What autocannon prints with -j (the parts the benches read). */
export type TAutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
};

/** autocannon in its own process (so its CPU is not the server's) on `url`, with the cookies. */
export async function autocannon(
  url: string,
  options: { connections: number; seconds: number; cookieHeader: string },
): Promise<TAutocannonResult> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      'node_modules/autocannon/autocannon.js',
      '-c',
      String(options.connections),
      '-d',
      String(options.seconds),
      '-j',
      '-H',
      `cookie=${options.cookieHeader}`,
      url,
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as TAutocannonResult;
}
