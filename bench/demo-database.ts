// The database every benchmark starts from: migrated, with the demo station, on PGlite or on the
// PostgreSQL of DATABASE_URL (use an empty database); and the demo station in all nine languages.
import { LANGUAGES, MESSAGE_TYPES } from '@message-station/shared';
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.js';
import { type Db, openPglite, openPostgres } from '../apps/server/src/db/client.js';
import { stationLanguages, stations } from '../apps/server/src/db/schema/index.js';
import { seedDemo } from '../apps/server/src/db/seed.js';

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
