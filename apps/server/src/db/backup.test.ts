// The restore drill: back up, change or wipe, restore with the real commands (`npm run
// backup|restore` run apps/server/dist/db/cli.js), then the demo station and its credit ledger are
// as they were. On PGlite (its data folder, gzipped) and on PostgreSQL (pg_dump, then pg_restore's
// SQL run by psql in one transaction into the existing database, decision 0055).
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestDatabase, createTestDataDir } from '../test/db.js';
import { SERVER_MAIN } from '../test/server-process.js';
import { type Database, openPglite, openPostgres } from './client.js';
import { creditLedger, databaseRestores, stationBilling, stations } from './schema/index.js';
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
  const [station] = await db
    .select({ id: stations.id, smsCreditsBalance: stationBilling.smsCreditsBalance })
    .from(stations)
    .innerJoin(stationBilling, eq(stationBilling.stationId, stations.id))
    .where(eq(stations.slug, 'demo'));
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

/** Partitions of pg-boss's job table (one per queue). */
const partitionsSql =
  "select count(*)::int as n from pg_inherits i join pg_class c on c.oid = i.inhparent join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'pgboss' and c.relname = 'job'";

async function countOf(database: Database, query: string): Promise<number> {
  const rows = (await database.executeSql(query)).rows as { n: number }[];
  return Number(rows[0]?.n ?? -1);
}

/**
 * A pg_restore that reads its table of contents as the real one does, but dies half-way through
 * writing the archive's SQL: a restore cut off by a crash or a damaged file.
 */
function brokenPgRestore(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ms-broken-pg-restore-'));
  const real = execFileSync('sh', ['-c', 'command -v pg_restore']).toString().trim();
  fs.writeFileSync(
    path.join(dir, 'pg_restore'),
    `#!/bin/sh\ncase "$*" in *--list*) exec ${real} "$@";; esac\n${real} "$@" | head -c 20000\necho 'pg_restore: error: could not read from input file' >&2\nexit 1\n`,
    { mode: 0o755 },
  );
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const backups = fs.mkdtempSync(path.join(os.tmpdir(), 'ms-backups-'));
afterAll(() => fs.rmSync(backups, { recursive: true, force: true }));

describe('backup and restore', () => {
  it.skipIf(onPostgres)(
    'the embedded database: back up, wipe the folder, restore',
    async () => {
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
    },
    120_000,
  );

  it.runIf(onPostgres)(
    'PostgreSQL: restore into the existing database replaces its contents, pg-boss partitions included',
    async () => {
      const database = await createTestDatabase({ seeded: true });
      const url = database.url as string;
      let pool: Database | null = database;
      afterAll(async () => {
        await pool?.close();
        await adminQuery(
          process.env.TEST_DATABASE_URL as string,
          `drop database if exists ${new URL(url).pathname.slice(1)} with (force)`,
        );
      });
      const env = { DATABASE_URL: url };
      await addPurchase(database.db);
      const before = await demoAndLedger(database.db);
      expect(before.station).toBeDefined();
      // The template holds pg-boss's partitioned job table (its queues share the partition
      // job_common since pg-boss 11; a queue created with `partition` gets its own): what
      // `pg_restore --clean` could not drop (decision 0055).
      const partitions = async (db: Database) => countOf(db, partitionsSql);
      expect(await partitions(database)).toBeGreaterThan(0);
      const backupPartitions = await partitions(database);

      const file = path.join(backups, 'drill.dump');
      const made = await cli(['backup', file], env);
      expect(made.code, made.output).toBe(0);

      // After the backup: a purchase, a queue (one more partition) and a table of a later version.
      await addPurchase(database.db);
      await database.db.execute(
        sql.raw(`select pgboss.create_queue('after-backup', '{"policy":"standard","partition":true}')`),
      );
      await database.db.execute(sql.raw('create table after_backup (id int)'));
      expect(await partitions(database)).toBe(backupPartitions + 1);

      // While a server's pool is connected, the restore is refused and changes nothing.
      const refused = await cli(['restore', file], env);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('Stop every server before restoring');
      expect((await demoAndLedger(database.db)).ledger.length).toBe(before.ledger.length + 1);
      await database.pool?.end();
      pool = null;

      // A restore cut off half-way (pg_restore dies mid-archive) changes nothing either.
      const broken = await cli(['restore', file], {
        ...env,
        PATH: `${brokenPgRestore()}:${process.env.PATH}`,
      });
      expect(broken.code).toBe(1);
      expect(broken.output).toContain('pg_restore failed');
      pool = await openPostgres(url);
      expect((await demoAndLedger(pool.db)).ledger.length).toBe(before.ledger.length + 1);
      expect(
        await countOf(pool, "select count(*)::int as n from pg_tables where tablename = 'after_backup'"),
      ).toBe(1);
      await pool.close();
      pool = null;

      const restored = await cli(['restore', file], env);
      expect(restored.code, restored.output).toBe(0);
      expect(restored.output).toContain('nothing is held');
      pool = await openPostgres(url);
      expect(await demoAndLedger(pool.db)).toEqual(before);
      expect(await partitions(pool)).toBe(backupPartitions);
      expect(
        await countOf(pool, "select count(*)::int as n from pg_tables where tablename = 'after_backup'"),
      ).toBe(0);
      const [marker] = await pool.db.select().from(databaseRestores);
      expect(marker).toMatchObject({ backupFile: 'drill.dump', held: 0 });
      expect(marker?.heldAt).not.toBeNull();
      // The public schema is as PostgreSQL makes it: everyone may use it.
      expect(
        await countOf(
          pool,
          "select count(*)::int as n from pg_namespace where nspname = 'public' and has_schema_privilege('public', oid, 'USAGE')",
        ),
      ).toBe(1);

      // Restoring again (into what the first restore left) works the same.
      await pool.close();
      pool = null;
      const again = await cli(['restore', file], env);
      expect(again.code, again.output).toBe(0);
      pool = await openPostgres(url);
      expect(await demoAndLedger(pool.db)).toEqual(before);

      const wrong = await cli(['restore', file], { DATA_DIR: path.join(backups, 'nowhere') });
      expect(wrong.output).toContain('is a PostgreSQL backup: restore it with DATABASE_URL set');
    },
    120_000,
  );
});
