// Demo data a newcomer can sign in to: station "demo" with an admin, a standard user and a
// superadmin. Idempotent: an existing demo station is left as it is.

import { createStation, findStationIdBySlug } from '../modules/station/service.js';
import { createUser } from '../modules/users/service.js';
import type { Db } from './client.js';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_LOGINS = [
  { email: 'admin@demo.test', role: 'admin', label: 'Station admin' },
  { email: 'user@demo.test', role: 'user', label: 'Standard user' },
  { email: 'superadmin@demo.test', role: 'admin', label: 'Superadmin' },
] as const;

export async function seedDemo(db: Db, publicUrl: string): Promise<{ created: boolean }> {
  if (await findStationIdBySlug(db, 'demo')) return { created: false };
  await db.transaction(async (tx) => {
    const station = await createStation(tx, publicUrl, {
      slug: 'demo',
      name: 'Demo Radio',
      displayName: 'Demo Radio',
      supportedLanguages: ['en', 'es'],
      primaryLanguage: 'en',
      billingEmail: 'billing@demo.test',
      smsEnabled: true,
      smsCreditsBalance: 500,
      paymentStatus: 'paid',
    });
    const people = [
      { email: 'admin@demo.test', fullName: 'Alex Admin', role: 'admin', phone: '+15555550100' },
      { email: 'user@demo.test', fullName: 'Sam User', role: 'user', phone: '+15555550101' },
      { email: 'superadmin@demo.test', fullName: 'Sky Superadmin', role: 'admin', phone: null },
    ] as const;
    for (const person of people) {
      await createUser(tx, {
        stationId: station.id,
        email: person.email,
        password: DEMO_PASSWORD,
        fullName: person.fullName,
        phoneNumber: person.phone,
        role: person.role,
        isSuperadmin: person.email.startsWith('superadmin@'),
      });
    }
  });
  return { created: true };
}

export function demoLoginsText(url: string): string {
  const width = Math.max(...DEMO_LOGINS.map((l) => l.email.length));
  const rows = DEMO_LOGINS.map((l) => `    ${l.email.padEnd(width)}  ${DEMO_PASSWORD}   (${l.label})`);
  return [`  Demo logins for ${url}/admin/login:`, ...rows].join('\n');
}
