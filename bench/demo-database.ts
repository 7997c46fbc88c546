// The database every benchmark starts from: migrated, with the demo station, on PGlite or on the
// PostgreSQL of DATABASE_URL (use an empty database); and the demo station in all nine languages.
import { LANGUAGES } from '@message-station/shared';
import { eq } from 'drizzle-orm';
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
