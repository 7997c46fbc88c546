// The restore drill: back up, wipe, restore with the real commands (`npm run backup|restore` run
// apps/server/dist/db/cli.js), then the demo station and its credit ledger are as they were. On
// PGlite (its data folder, gzipped) and on PostgreSQL (pg_dump and pg_restore).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, createTestDataDir } from '../test/db.js';
import { SERVER_MAIN } from '../test/server-process.js';
import { type Database, openPglite } from './client.js';
import { creditLedger, stations } from './schema/index.js';
import { seedDemo } from './seed.js';

const onPostgres = process.env.TEST_DB === 'postgres';
const CLI = path.join(path.dirname(SERVER_MAIN), 'db/cli.js');

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

/** The demo station and every line of its ledger, in the order they were written. */
async function demoAndLedger(db: Database['db']) {
  const [station] = await db.select().from(stations).where(eq(stations.slug, 'demo'));
  if (!station) return { station: undefined, ledger: [] };
  const ledger = await db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.stationId, station.id))
    .orderBy(asc(creditLedger.seq));
  return { station, ledger };
}

async function addPurchase(db: Database['db']) {
  const [station] = await db.select().from(stations).where(eq(stations.slug, 'demo'));
  await db.insert(creditLedger).values({
    stationId: station?.id as string,
    kind: 'purchase',
    credits: 500,
    balanceAfter: (station?.smsCreditsBalance ?? 0) + 500,
    description: 'Purchased 500 credits',
    amountCents: 1500,
    reference: 'evt_backup_drill',
  });
}

const backups = fs.mkdtempSync(path.join(os.tmpdir(), 'ms-backups-'));
afterAll(() => fs.rmSync(backups, { recursive: true, force: true }));

describe('backup and restore', () => {
  it.skipIf(onPostgres)('the embedded database: back up, wipe the folder, restore', async () => {
    const dir = createTestDataDir('ms-backup-');
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
    const env = { DATA_DIR: dir };
    let database = await openPglite(dir);
    await database.migrate();
    await seedDemo(database.db, 'http://localhost:3000');
    await addPurchase(database.db);
    const before = await demoAndLedger(database.db);
    expect(before.ledger.length).toBeGreaterThan(0);

    // While a server holds the folder, a backup is refused, naming it; no file is left.
    const file = path.join(backups, 'drill.tar.gz');
    const refused = await cli(['backup', file], env);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('is already in use by another Message Station process');
    expect(fs.existsSync(file)).toBe(false);
    await database.close();

    const made = await cli(['backup', file], env);
    expect(made.code, made.output).toBe(0);
    expect(made.output).toContain(`to ${file}`);
    fs.rmSync(dir, { recursive: true, force: true });

    const restored = await cli(['restore', file], env);
    expect(restored.code, restored.output).toBe(0);
    database = await openPglite(dir);
    expect(await demoAndLedger(database.db)).toEqual(before);
    await database.close();

    // Restoring over a database keeps that one beside, never deletes it.
    const again = await cli(['restore', file], env);
    expect(again.code, again.output).toBe(0);
    const kept = /kept in (\S+)\./.exec(again.output)?.[1] as string;
    expect(fs.existsSync(path.join(kept, 'PG_VERSION'))).toBe(true);
    fs.rmSync(kept, { recursive: true, force: true });

    // A PGlite backup is not restored into PostgreSQL, and the reverse.
    const wrong = await cli(['restore', file], { DATABASE_URL: 'postgres://127.0.0.1:1/none' });
    expect(wrong.output).toContain('is a backup of the embedded database: restore it without DATABASE_URL');
  });

  it.runIf(onPostgres)('PostgreSQL: pg_dump, wipe every schema, pg_restore', async () => {
    const database = await createTestDatabase({ seeded: true });
    afterAll(() => database.close());
    const env = { DATABASE_URL: database.url as string };
    await addPurchase(database.db);
    const before = await demoAndLedger(database.db);
    expect(before.station).toBeDefined();

    const file = path.join(backups, 'drill.dump');
    const made = await cli(['backup', file], env);
    expect(made.code, made.output).toBe(0);
    await database.db.execute(
      sql.raw(
        'drop schema public cascade; drop schema pgboss cascade; drop schema drizzle cascade; create schema public',
      ),
    );
    await expect(demoAndLedger(database.db)).rejects.toThrow();

    const restored = await cli(['restore', file], env);
    expect(restored.code, restored.output).toBe(0);
    expect(await demoAndLedger(database.db)).toEqual(before);

    const wrong = await cli(['restore', file], { DATA_DIR: path.join(backups, 'nowhere') });
    expect(wrong.output).toContain('is a PostgreSQL backup: restore it with DATABASE_URL set');
  });
});
