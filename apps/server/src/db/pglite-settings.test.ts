// The embedded database runs with the memory settings of decision 0029, in memory and in a data
// folder, and a new folder is made (initdb in a child process) ready for the server to use.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, PGLITE_SETTINGS } from './client.js';

const shown = async (database: Awaited<ReturnType<typeof openPglite>>) => {
  const names = Object.keys(PGLITE_SETTINGS);
  const { rows } = await database.executeSql(
    'select name, current_setting(name) as value from unnest($1::text[]) as name',
    [names],
  );
  return Object.fromEntries((rows as { name: string; value: string }[]).map((r) => [r.name, r.value]));
};

// Embedded PGlite only: once, on the PGlite run.
describe.runIf(process.env.TEST_DB !== 'postgres')('PGlite settings', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-settings-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('runs an in-memory database with them', async () => {
    const database = await openPglite();
    try {
      expect(await shown(database)).toEqual(PGLITE_SETTINGS);
    } finally {
      await database.close();
    }
  });

  it('creates a new data folder, migrates it, and opens it again with the same settings', async () => {
    const database = await openPglite(dir);
    expect(database.created).toBe(true);
    // initdb wrote them into the folder's configuration as well.
    const conf = fs.readFileSync(path.join(dir, 'postgresql.conf'), 'utf8');
    for (const [name, value] of Object.entries(PGLITE_SETTINGS)) {
      expect(conf).toMatch(new RegExp(`^${name} = ${value}\\b`, 'm'));
    }
    await database.migrate();
    expect(await shown(database)).toEqual(PGLITE_SETTINGS);
    await database.close();

    const again = await openPglite(dir);
    try {
      expect(again.created).toBe(false);
      expect(await shown(again)).toEqual(PGLITE_SETTINGS);
    } finally {
      await again.close();
    }
  });
});
