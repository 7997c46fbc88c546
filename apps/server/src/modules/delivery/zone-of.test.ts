// The database's ms_zone_of (migration 0015), which quiet hours and the rollup triggers use, is
// the shared AREA_CODE_TIME_ZONES written out. When the shared table changes, this fails until a
// new migration redefines the function with it.
import { AREA_CODE_TIME_ZONES, DEFAULT_US_TIME_ZONE } from '@message-station/shared';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.js';
import { createTestDatabase } from '../../test/db.js';
import { zoneOf } from './quiet-hours.js';

describe('the zone of a phone number in SQL', async () => {
  const database = await createTestDatabase();
  afterAll(() => database.close());

  it('is the shared area-code table for every area code, and the default for an unknown one', async () => {
    // 999 is no area code, 800 is toll-free: both get the default (Eastern, the most populous).
    const phones = [
      ...Object.keys(AREA_CODE_TIME_ZONES).map((code) => `+1${code}5550100`),
      '+19995550100',
      '+18005550100',
    ];
    const rows = rowsOf<{ phone: string; zone: string }>(
      await database.db.execute(
        sql`select p as phone, ${zoneOf(sql`p`)} as zone from unnest(${`{${phones.join(',')}}`}::text[]) as p`,
      ),
    );
    expect(Object.fromEntries(rows.map((r) => [r.phone, r.zone]))).toEqual(
      Object.fromEntries(
        phones.map((phone) => [phone, AREA_CODE_TIME_ZONES[phone.slice(2, 5)] ?? DEFAULT_US_TIME_ZONE]),
      ),
    );
    expect(DEFAULT_US_TIME_ZONE).toBe('America/New_York');
  });
});
