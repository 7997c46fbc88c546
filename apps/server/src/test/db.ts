// A fresh database per test file: in-memory PGlite, or a new PostgreSQL database named
// ms_test_<random> (dropped afterwards) when the suite runs with TEST_DB=postgres.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../db/client.js';

/** `url` is set on PostgreSQL, so a second app process can open the same database. */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (process.env.TEST_DB !== 'postgres') {
    const database = await openPglite();
    await database.migrate();
    return database;
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `ms_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

export async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
