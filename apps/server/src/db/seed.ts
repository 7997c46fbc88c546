// Demo data a newcomer can sign in to: station "demo" with an admin and a standard user, the
// operator's station with the superadmin, and a station in its free trial. Idempotent: an
// existing demo station is left as it is.

import { createStation, findStationIdBySlug } from '../modules/station/service.js';
import * as contacts from '../modules/subscribers/contacts-service.js';
import { createUser } from '../modules/users/service.js';
import { stationCreationSteps } from '../station-creation.js';
import type { Db } from './client.js';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_LOGINS = [
  { email: 'admin@demo.test', role: 'admin', label: 'Station admin' },
  { email: 'user@demo.test', role: 'user', label: 'Standard user' },
  { email: 'superadmin@demo.test', role: 'admin', label: 'Superadmin' },
] as const;

/** `now`: when the demo is made (the app's clock; the moment of seeding by default). */
export async function seedDemo(db: Db, publicUrl: string, now = new Date()): Promise<{ created: boolean }> {
  if (await findStationIdBySlug(db, 'demo')) return { created: false };
  const creation = { publicUrl, steps: stationCreationSteps() };
  await db.transaction(async (tx) => {
    const station = await createStation(tx, creation, {
      slug: 'demo',
      name: 'Demo Radio',
      displayName: 'Demo Radio',
      supportedLanguages: ['en', 'es'],
      primaryLanguage: 'en',
      billingEmail: 'billing@demo.test',
      smsEnabled: true,
      smsCreditsBalance: 500,
      paymentStatus: 'paid',
      now,
    });
    const people = [
      { email: 'admin@demo.test', fullName: 'Alex Admin', role: 'admin', phone: '+15555550100' },
      { email: 'user@demo.test', fullName: 'Sam User', role: 'user', phone: '+15555550101' },
    ] as const;
    for (const person of people) {
      await createUser(tx, {
        stationId: station.id,
        email: person.email,
        password: DEMO_PASSWORD,
        fullName: person.fullName,
        phoneNumber: person.phone,
        role: person.role,
        apiAccessEnabled: true,
      });
    }
    await seedDemoSubscribers(tx, station.id, now);
    // The service operator's own station: the superadmin views the others from here.
    const operator = await createStation(tx, creation, {
      slug: 'operations',
      name: 'Message Station Operations',
      displayName: 'Message Station Operations',
      billingEmail: 'billing@operations.test',
      paymentStatus: 'paid',
      now,
    });
    await createUser(tx, {
      stationId: operator.id,
      email: 'superadmin@demo.test',
      password: DEMO_PASSWORD,
      fullName: 'Sky Superadmin',
      role: 'admin',
      isSuperadmin: true,
    });
    // A second customer in its free trial, so the superadmin's list has more than one station.
    const trial = await createStation(tx, creation, {
      slug: 'riverside',
      name: 'Riverside Schools',
      displayName: 'Riverside Unified Schools',
      supportedLanguages: ['en', 'es', 'zh'],
      billingEmail: 'office@riverside.test',
      paymentStatus: 'trial',
      paymentExpiresAt: new Date(now.getTime() + 14 * 86_400_000),
      smsCreditsBalance: 50,
      now,
    });
    await createUser(tx, {
      stationId: trial.id,
      email: 'admin@riverside.test',
      password: DEMO_PASSWORD,
      fullName: 'Riley Rivera',
      phoneNumber: '+15555550102',
      role: 'admin',
    });
  });
  return { created: true };
}

export function demoLoginsText(url: string): string {
  const width = Math.max(...DEMO_LOGINS.map((l) => l.email.length));
  const rows = DEMO_LOGINS.map((l) => `    ${l.email.padEnd(width)}  ${DEMO_PASSWORD}   (${l.label})`);
  return [`  Demo logins for ${url}/admin/login:`, ...rows].join('\n');
}

/** A few subscribers so SMS Contacts shows something; 555-01XX numbers are reserved for fiction. */
const DEMO_SUBSCRIBERS = [
  {
    name: 'Rosa Martinez',
    phone: '+12125550101',
    status: 'active',
    choices: [
      ['emergency', 'es'],
      ['alert', 'es'],
    ],
  },
  {
    name: 'James Carter',
    phone: '+12125550102',
    status: 'active',
    choices: [
      ['emergency', 'en'],
      ['station', 'en'],
      ['informational', 'en'],
    ],
  },
  {
    name: 'Linh Tran',
    phone: '+12125550103',
    status: 'active',
    choices: [
      ['emergency', 'en'],
      ['alert', 'en'],
    ],
  },
  { name: 'Miguel Torres', phone: '+12125550104', status: 'paused', choices: [['alert', 'es']] },
  { name: null, phone: '+12125550105', status: 'pending', choices: [['emergency', 'en']] },
  { name: 'Grace Kim', phone: '+12125550106', status: 'opted_out', choices: [['informational', 'en']] },
] as const;

async function seedDemoSubscribers(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  stationId: string,
  now: Date,
) {
  for (const person of DEMO_SUBSCRIBERS) {
    const verified = person.status !== 'pending';
    const contact = await contacts.addContact(tx, {
      stationId,
      phone: person.phone,
      name: person.name,
      language: person.choices[0][1],
      status: person.status,
      isVerified: verified,
      verifiedAt: verified ? now : null,
      source: 'import',
    });
    await contacts.choosePreferences(
      tx,
      stationId,
      contact.id,
      person.choices.map(([messageType, language]) => ({ messageType, language })),
    );
    await contacts.recordConsent(tx, [
      {
        stationId,
        contactId: contact.id,
        phone: person.phone,
        event: 'opt_in',
        source: 'import',
        detail: 'Demo data',
        createdAt: now,
      },
      ...(person.status === 'opted_out'
        ? [
            {
              stationId,
              contactId: contact.id,
              phone: person.phone,
              event: 'opt_out' as const,
              source: 'keyword' as const,
              detail: 'STOP',
              createdAt: now,
            },
          ]
        : []),
    ]);
  }
}
