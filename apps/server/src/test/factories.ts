// Builders for test data: a station with its admin, a subscribed contact.
import type { TLanguageCode, TMessageTypeKey } from '@message-station/shared';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { stationBilling } from '../db/schema/index.js';
import { createStation } from '../modules/station/service.js';
import * as contacts from '../modules/subscribers/repo.js';
import { createUser } from '../modules/users/service.js';
import { stationCreationSteps } from '../station-creation.js';

/** How the tests create a station: the app's creation steps (station-creation.ts). */
export const TEST_STATION_CREATION = { publicUrl: 'http://localhost:3000', steps: stationCreationSteps() };

export async function createStationWithAdmin(
  db: Db,
  options: { slug: string; languages?: TLanguageCode[]; signupEnabled?: boolean },
) {
  return db.transaction(async (tx) => {
    const station = await createStation(tx, TEST_STATION_CREATION, {
      slug: options.slug,
      name: options.slug.toUpperCase(),
      displayName: `${options.slug.toUpperCase()} Radio`,
      supportedLanguages: options.languages ?? ['en'],
      smsEnabled: true,
      smsCreditsBalance: 100,
      paymentStatus: 'paid',
      now: new Date(),
    });
    const admin = await createUser(tx, {
      stationId: station.id,
      email: `admin@${options.slug}.test`,
      password: 'demo1234',
      fullName: `${options.slug} Admin`,
      role: 'admin',
    });
    return { station, admin, adminEmail: `admin@${options.slug}.test` };
  });
}

/** The billing state a test may set directly: credits, plan and payment deadlines. */
export type TTestBilling = Partial<
  Pick<
    typeof stationBilling.$inferInsert,
    'smsCreditsBalance' | 'monthlyCredits' | 'paymentStatus' | 'paymentExpiresAt' | 'paymentFailedAt'
  >
>;

/**
 * Sets a station's credit balance or payment state, bypassing the ledger and Stripe: the one
 * place tests and benches write these columns, so they follow the columns wherever they live.
 */
export async function setBilling(db: DbOrTx, stationId: string, change: TTestBilling) {
  await db.update(stationBilling).set(change).where(eq(stationBilling.stationId, stationId));
}

/** A station's billing state as stored: credits, plan, payment deadlines and Stripe ids. */
export async function billingOf(db: DbOrTx, stationId: string) {
  const [row] = await db
    .select({
      smsCreditsBalance: stationBilling.smsCreditsBalance,
      monthlyCredits: stationBilling.monthlyCredits,
      paymentStatus: stationBilling.paymentStatus,
      paymentExpiresAt: stationBilling.paymentExpiresAt,
      paymentFailedAt: stationBilling.paymentFailedAt,
      subscriptionTier: stationBilling.subscriptionTier,
      stripeCustomerId: stationBilling.stripeCustomerId,
      stripeSubscriptionId: stationBilling.stripeSubscriptionId,
    })
    .from(stationBilling)
    .where(eq(stationBilling.stationId, stationId));
  return row ?? null;
}

export async function createContact(
  db: Db,
  stationId: string,
  options: {
    phone: string;
    name?: string;
    status?: 'pending' | 'active' | 'paused' | 'opted_out';
    verified?: boolean;
    source?: 'web' | 'staff' | 'import';
    choices?: { messageType: TMessageTypeKey; language: TLanguageCode }[];
  },
) {
  const contact = await contacts.insertContact(db, {
    stationId,
    phone: options.phone,
    name: options.name ?? null,
    status: options.status ?? 'active',
    isVerified: options.verified ?? true,
    source: options.source ?? 'web',
    language: options.choices?.[0]?.language ?? 'en',
  });
  await contacts.replacePreferences(
    db,
    stationId,
    contact.id,
    options.choices ?? [{ messageType: 'emergency', language: 'en' }],
  );
  return contact;
}
