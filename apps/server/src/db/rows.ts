// Raw statements: the rows of a `db.execute(sql…)`, and hot reads as named prepared statements.
import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client.js';

/** node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * A read that every page load makes (dashboard, activity): on PostgreSQL a named prepared
 * statement, parsed and planned once per connection instead of on every request (about three
 * times the statements per second on the project machine; decision 0030). `name` must be unique
 * per SQL text. Timestamps come back as Date on PostgreSQL and as text on PGlite: read them
 * with `new Date(…)`.
 */
export async function executeNamed<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
    return (await client.query({ name, text, values: params })).rows as T[];
  }
  return rowsOf<T>(await db.execute(query));
}
