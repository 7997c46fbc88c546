// A database with stations for tests that run the real server as child processes: PostgreSQL
// (TEST_DB=postgres, any number of nodes on it) or a PGlite data directory (one node: only one
// process may open it). Stopped and removed by `close`.
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { type Db, openPglite } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { solveChallengePayload } from './altcha.js';
import { createTestDatabase, createTestDataDir } from './db.js';
import { createStationWithAdmin } from './factories.js';

export const onPostgres = process.env.TEST_DB === 'postgres';

/** A station whose admin has a phone (for password resets): +1 415 555 9000, 9001, … */
async function addStations(db: Db, slugs: string[]) {
  for (const [index, slug] of slugs.entries()) {
    const { admin } = await createStationWithAdmin(db, { slug });
    await db
      .update(users)
      .set({ phoneNumber: `+1415555${9000 + index}` })
      .where(eq(users.id, admin.id));
  }
}

/**
 * Creates the stations (admin `admin@<slug>.test`, password demo1234, phone +1415555900n);
 * `env` points a node at them.
 */
export async function prepareStations(
  slugs: string[],
): Promise<{ env: Record<string, string>; close: () => Promise<void> }> {
  if (onPostgres) {
    const database = await createTestDatabase();
    await addStations(database.db, slugs);
    return {
      env: { DATABASE_URL: database.url as string },
      close: () => database.close(),
    };
  }
  const dir = createTestDataDir('ms-abuse-');
  const database = await openPglite(dir);
  await database.migrate();
  await addStations(database.db, slugs);
  await database.close();
  return {
    env: { DATA_DIR: dir },
    close: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** Fetches an ALTCHA challenge from a running server and solves it as the browser widget does. */
export async function solveServerBotCheck(url: string, headers: Record<string, string> = {}) {
  const challenge = await (await fetch(`${url}/api/altcha/challenge`, { headers })).json();
  return solveChallengePayload(challenge as Parameters<typeof solveChallengePayload>[0]);
}
