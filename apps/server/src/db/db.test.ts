import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../platform/passwords.js';
import { createTestDatabase, createTestDataDir } from '../test/db.js';
import { openPglite } from './client.js';
import { acquireDataDirLock, DataDirLockedError } from './lock.js';
import { messageTypes, stationBilling, stationLanguages, stations, users } from './schema/index.js';
import { seedDemo } from './seed.js';

describe('demo seed', async () => {
  const database = await createTestDatabase();
  afterAll(() => database.close());

  it('creates the demo station with its languages, four message types and three logins', async () => {
    expect(await seedDemo(database.db, 'http://localhost:3000')).toEqual({ created: true });
    const [station] = await database.db.select().from(stations).where(eq(stations.slug, 'demo'));
    expect(station).toMatchObject({
      name: 'Demo Radio',
      displayName: 'Demo Radio',
      smsEnabled: true,
      brandColor: '#007bff',
      primaryLanguage: 'en',
      signupEnabled: true,
      privacyPolicyUrl: 'http://localhost:3000/privacy',
      termsUrl: 'http://localhost:3000/terms',
    });
    const stationId = station?.id ?? '';
    const [billing] = await database.db
      .select()
      .from(stationBilling)
      .where(eq(stationBilling.stationId, stationId));
    expect(billing).toMatchObject({ paymentStatus: 'paid', smsCreditsBalance: 500, monthlyCredits: 500 });
    const languages = await database.db
      .select({ code: stationLanguages.languageCode })
      .from(stationLanguages)
      .where(eq(stationLanguages.stationId, stationId));
    expect(languages.map((l) => l.code).sort()).toEqual(['en', 'es']);
    const types = await database.db
      .select()
      .from(messageTypes)
      .where(eq(messageTypes.stationId, stationId))
      .orderBy(asc(messageTypes.sortOrder));
    expect(types.map((t) => t.messageType)).toEqual(['emergency', 'alert', 'station', 'informational']);
    expect(types[0]?.description).toBe('Critical alerts requiring immediate attention from all subscribers');
    const people = await database.db.select().from(users).where(eq(users.stationId, stationId));
    expect(people.map((u) => [u.email, u.role, u.isSuperadmin]).sort()).toEqual([
      ['admin@demo.test', 'admin', false],
      ['user@demo.test', 'user', false],
    ]);
    const [superadmin] = await database.db.select().from(users).where(eq(users.isSuperadmin, true));
    expect(superadmin?.email).toBe('superadmin@demo.test');
    expect(superadmin?.stationId).not.toBe(stationId);
    expect(people[0]?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(people[0]?.passwordHash ?? '', 'demo1234')).toBe(true);
  });

  it('leaves an existing demo station alone', async () => {
    expect(await seedDemo(database.db, 'http://localhost:3000')).toEqual({ created: false });
    expect(await database.db.select().from(stations)).toHaveLength(3);
  });

  it('never lets credits go below zero', async () => {
    await expect(database.db.update(stationBilling).set({ smsCreditsBalance: -1 })).rejects.toThrow();
  });
});

// The embedded database's own folder: once, on the PGlite run.
describe.runIf(process.env.TEST_DB !== 'postgres')('embedded database folder', () => {
  // A copy of the run's migrated folder (a new folder is made in pglite-settings.test.ts).
  const dir = createTestDataDir('ms-lock-');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses a second process with a clear message while the first holds the folder', async () => {
    // A live process that is not us owns the lock.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(path.join(dir, 'message-station.lock'), String(other.pid));
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(/already in use by another Message Station process/);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that is gone, and releases it on close', async () => {
    fs.writeFileSync(path.join(dir, 'message-station.lock'), '999999999');
    const database = await openPglite(dir);
    // The copy already holds the migrated database: nothing is created again.
    expect(database.created).toBe(false);
    expect(await database.db.select().from(stations)).toEqual([]);
    expect(fs.readFileSync(path.join(dir, 'message-station.lock'), 'utf8')).toBe(String(process.pid));
    await database.close();
    expect(fs.existsSync(path.join(dir, 'message-station.lock'))).toBe(false);
    const again = await openPglite(dir);
    expect(again.created).toBe(false);
    await again.close();
  });
});
