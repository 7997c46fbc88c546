// Hot reads as prepared statements (executeNamed) answer what the same SQL answers run afresh, on
// PGlite (PREPARE and EXECUTE with literals) and on PostgreSQL (named statements), whatever the
// values hold; and a value that cannot be written as a literal is refused.
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/db.js';
import { executeNamed, namedRead, rowsOf, sqlLiteral } from './rows.js';

const AWKWARD = ["O'Brien", "'; drop table stations; --", "back\\slash \\' and $$dollar$$", 'ünïcødé 😀', ''];

describe('executeNamed', async () => {
  const database = await createTestDatabase();
  const { db } = database;
  afterAll(() => database.close());

  const query = (text: string, n: number, at: Date) =>
    sql`select ${text}::text as text, ${n}::int + 1 as next, ${at.toISOString()}::timestamptz as at,
      (select count(*)::int from stations) as stations`;

  it('answers what the statement run afresh answers, for any text, again and again', async () => {
    const at = new Date('2026-11-24T12:34:56.789Z');
    for (const [i, text] of AWKWARD.entries()) {
      for (let round = 0; round < 3; round++) {
        const [named] = await executeNamed<Record<string, unknown>>(db, 'rows_test_echo', query(text, i, at));
        const [fresh] = rowsOf<Record<string, unknown>>(await db.execute(query(text, i, at)));
        // Timestamps may come as Date or as text (see executeNamed): the same instant either way.
        const instant = (row: Record<string, unknown> | undefined) => ({
          ...row,
          at: new Date(row?.at as string).toISOString(),
        });
        expect(instant(named)).toEqual(instant(fresh));
        expect(instant(named)).toMatchObject({ text, next: i + 1, at: at.toISOString() });
      }
    }
    // The tables are all there: nothing in a value ran as SQL.
    expect(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from stations`))).toEqual([
      { n: 0 },
    ]);
  });

  it('fills a statement built once with the values of each call (namedRead, decision 0061)', async () => {
    let builds = 0;
    const read = namedRead<{ text: string; next: number }, { text: string; n: number }>(
      'rows_test_placeholders',
      () => {
        builds++;
        return sql`select ${sql.placeholder('text')}::text as text, ${sql.placeholder('n')}::int + 1 as next`;
      },
    );
    for (const [i, text] of AWKWARD.entries()) {
      expect(await read(db, { text, n: i })).toEqual([{ text, next: i + 1 }]);
    }
    expect(builds).toBe(1);
    expect(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from stations`))).toEqual([
      { n: 0 },
    ]);
  });

  it('prepares once when first asked by many at the same time', async () => {
    const at = new Date();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        executeNamed<{ next: number }>(db, 'rows_test_concurrent', query(`call ${i}`, i, at)),
      ),
    );
    expect(answers.map(([row]) => row?.next)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('refuses statement names and values it cannot write safely', async () => {
    await expect(executeNamed(db, 'x; drop table stations', sql`select 1`)).rejects.toThrow(
      'not a statement name',
    );
    expect(() => sqlLiteral('a\0b')).toThrow('NUL');
    expect(() => sqlLiteral(Number.NaN)).toThrow('finite');
    expect(() => sqlLiteral({ a: 1 })).toThrow('no SQL literal');
    expect(sqlLiteral("it's")).toBe("'it''s'");
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral(new Date('2026-01-02T03:04:05.000Z'))).toBe("'2026-01-02T03:04:05.000Z'");
  });
});
