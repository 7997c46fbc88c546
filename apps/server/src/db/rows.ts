// Raw statements: the rows of a `db.execute(sql…)`, and hot reads as named prepared statements.
import { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client.js';

/** node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * A value written into an `EXECUTE` as a SQL literal: PGlite binds no parameters to `EXECUTE`.
 * Strings are quoted with their quotes doubled (standard_conforming_strings is on: a backslash is
 * just a backslash); anything else is refused rather than guessed at.
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  const text = value instanceof Date ? value.toISOString() : value;
  if (typeof text !== 'string') throw new Error(`no SQL literal for a ${typeof value}`);
  if (text.includes('\0')) throw new Error('a SQL literal cannot hold a NUL character');
  return `'${text.replaceAll("'", "''")}'`;
}

const STATEMENT_NAME = /^[a-z_][a-z0-9_]*$/;
/** Per PGlite instance (one session each): the statements prepared on it, or being prepared. */
const preparedOnPglite = new WeakMap<PGlite, Map<string, Promise<unknown>>>();

async function executeOnPglite<T>(client: PGlite, name: string, text: string, params: unknown[]) {
  let prepared = preparedOnPglite.get(client);
  if (!prepared) {
    prepared = new Map();
    preparedOnPglite.set(client, prepared);
  }
  let preparing = prepared.get(name);
  if (!preparing) {
    preparing = client.exec(`prepare ${name} as ${text}`);
    prepared.set(name, preparing);
    preparing.catch(() => prepared.delete(name));
  }
  await preparing;
  const args = params.length > 0 ? `(${params.map(sqlLiteral).join(', ')})` : '';
  return (await client.query<T>(`execute ${name}${args}`)).rows;
}

/**
 * A read that every page load makes (dashboard, activity), parsed and planned once per session
 * instead of on every request (decision 0030): on PostgreSQL a named prepared statement (about
 * three times the statements per second on the project machine); on PGlite a `PREPARE` once and
 * an `EXECUTE` with the values as literals (about 0.4 ms instead of 1.6 ms for the activity).
 * `name` must be unique per SQL text. Timestamps come back as Date on PostgreSQL and as text on
 * PGlite: read them with `new Date(…)`.
 */
export async function executeNamed<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  if (!STATEMENT_NAME.test(name)) throw new Error(`not a statement name: ${name}`);
  const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
  return executeText<T>(db, name, text, params, query);
}

async function executeText<T>(
  db: Db,
  name: string,
  text: string,
  params: unknown[],
  query: SQL,
): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return (await client.query({ name, text, values: params })).rows as T[];
  if (client instanceof PGlite) return executeOnPglite<T>(client, name, text, params);
  return rowsOf<T>(await db.execute(query));
}

/**
 * A read a page makes on every load, as one named statement whose text is built once per process
 * (decision 0061): `build` writes it with `sql.placeholder(key)` for each value, and each call only
 * fills the values in, so no request builds SQL again. Otherwise as executeNamed.
 */
export function namedRead<TRow, TValues extends Record<string, unknown>>(name: string, build: () => SQL) {
  if (!STATEMENT_NAME.test(name)) throw new Error(`not a statement name: ${name}`);
  let built: { query: SQL; text: string; params: unknown[] } | undefined;
  return (db: Db, values: TValues): Promise<TRow[]> => {
    if (!built) {
      const query = build();
      const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
      built = { query, text, params };
    }
    return executeText<TRow>(db, name, built.text, fillPlaceholders(built.params, values), built.query);
  };
}
