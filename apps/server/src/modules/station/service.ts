// What other modules use of a station: creating one with its fixed parts (languages, the four
// message types, the creation steps of other modules) in one step, finding it, its languages,
// settings and two-factor column.
import {
  defaultTypeWording,
  LANGUAGES,
  MESSAGE_TYPE_KEYS,
  MESSAGE_TYPES,
  STATION_DEFAULTS,
  smsText,
  type TLanguageCode,
  type TMessageTypeKey,
  type TStationSettings,
} from '@message-station/shared';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../platform/errors.js';
import { findStationBilling } from '../billing/service.js';
import type { TCreateStationInput, TStationCreation } from './creation.js';
import * as repo from './repo.js';
import { defaultRows } from './type-translations.js';
import { writeTypeWording } from './type-translations-repo.js';

export type { TCreateStationInput, TStationCreation, TStationCreationStep } from './creation.js';

/** Each type in each supported language; a description given for the primary one is staff's. */
function stationTypeWording(input: TCreateStationInput, supported: TLanguageCode[], primary: TLanguageCode) {
  if (input.typeWording) return input.typeWording;
  return defaultRows(supported).map((row) => {
    const description = input.messageTypes?.[row.messageType]?.description;
    if (row.language !== primary || description === undefined || description === row.description) return row;
    return { ...row, description, source: 'staff' as const };
  });
}

/**
 * Call inside a transaction: a station never exists without its languages, message types and the
 * rows the creation steps add.
 */
export async function createStation(tx: DbOrTx, creation: TStationCreation, input: TCreateStationInput) {
  const { publicUrl, steps } = creation;
  if (steps.length === 0) throw new Error('createStation without the creation steps (station-creation.ts)');
  const supported = input.supportedLanguages?.length
    ? input.supportedLanguages
    : [...STATION_DEFAULTS.supportedLanguages];
  const primary = input.primaryLanguage ?? supported[0] ?? 'en';
  const station = await repo.insertStation(tx, {
    slug: input.slug,
    name: input.name,
    displayName: input.displayName,
    brandColor: input.brandColor ?? STATION_DEFAULTS.brandColor,
    primaryLanguage: primary,
    privacyPolicyUrl: input.privacyPolicyUrl ?? `${publicUrl}/privacy`,
    termsUrl: input.termsUrl ?? `${publicUrl}/terms`,
    ...(input.timeZone ? { timeZone: input.timeZone } : {}),
    smsEnabled: input.smsEnabled ?? STATION_DEFAULTS.smsEnabled,
  });
  await repo.insertStationLanguages(
    tx,
    station.id,
    LANGUAGES.filter((l) => supported.includes(l.code)).map((l) => ({
      languageCode: l.code,
      displayName: l.name,
    })),
  );
  const wording = stationTypeWording(input, supported, primary);
  await writeTypeWording(tx, station.id, wording, input.now);
  const primaryWording = (key: TMessageTypeKey) =>
    wording.find((row) => row.messageType === key && row.language === primary) ??
    defaultTypeWording(key, primary);
  await repo.insertMessageTypes(
    tx,
    station.id,
    MESSAGE_TYPES.map((type, index) => ({
      messageType: type.key,
      displayName: primaryWording(type.key).displayName,
      description: primaryWording(type.key).description,
      colorCode: type.colorCode,
      isActive: input.messageTypes?.[type.key]?.isActive ?? true,
      sortOrder: index,
    })),
  );
  for (const step of steps) await step(tx, station, input);
  return station;
}

/** A station's name, colours and plan state for the signed-in shell, or null. */
export function getStationSummary(db: DbOrTx, stationId: string) {
  return repo.findStationSummary(db, stationId);
}

/** The id of the station at this public address, or null. */
export function findStationIdBySlug(db: DbOrTx, slug: string) {
  return repo.findStationIdBySlug(db, slug);
}

/** The station at this public address, or null. */
export function findStationBySlug(db: DbOrTx, slug: string) {
  return repo.findStationBySlug(db, slug);
}

/** The station, or null. */
export function findStationById(db: DbOrTx, stationId: string) {
  return repo.findStationById(db, stationId);
}

/**
 * The station's plan state (billing's) and the slug and name an agent signs in with, which the
 * users module's API keys depend on (users cannot read stations); null when no station.
 */
export async function findStationAccess(db: DbOrTx, stationId: string) {
  const [station, billing] = await Promise.all([
    repo.findStationAccess(db, stationId),
    findStationBilling(db, stationId),
  ]);
  return station && billing ? { ...station, paymentStatus: billing.paymentStatus } : null;
}

/** The slugs and display names of these stations. */
export function listStationNames(db: DbOrTx, stationIds: string[]) {
  return repo.listStationNames(db, stationIds);
}

/** Whether the station's policy requires two-factor sign-in of its staff. */
export function stationRequiresTwoFactor(db: DbOrTx, stationId: string): Promise<boolean> {
  return repo.stationRequiresTwoFactor(db, stationId);
}

/**
 * Sets the station's two-factor policy; answers the value it replaced, read under the row's lock
 * in the change's transaction (the audit's view before, decision 0066).
 */
export function setStationRequiresTwoFactor(
  db: DbOrTx,
  stationId: string,
  value: boolean,
  at: Date,
): Promise<boolean> {
  return repo.setStationRequiresTwoFactor(db, stationId, value, at);
}

// Type names and descriptions per language, for signup, the SMS texts and the join flow.
export { planSignupWording, typeNamesIn, typeWordingIn } from './type-translations.js';

/**
 * The station's languages, primary first (it is the join page's default), then the order they
 * were added.
 */
export async function listLanguages(db: DbOrTx, station: { id: string; primaryLanguage: string }) {
  const rows = await repo.listStationLanguages(db, station.id);
  return [
    ...rows.filter((l) => l.languageCode === station.primaryLanguage),
    ...rows.filter((l) => l.languageCode !== station.primaryLanguage),
  ];
}

/** The station's message types, in their order. */
export function listMessageTypes(db: DbOrTx, stationId: string) {
  return repo.listMessageTypes(db, stationId);
}

/** Of these stations, those that offer the language (a language keyword changes only there). */
export function stationsOfferingLanguage(db: DbOrTx, stationIds: string[], language: string) {
  return repo.stationsOfferingLanguage(db, stationIds, language);
}

/** Changes a message type's wording, colour or whether it is offered. */
export function updateMessageType(
  db: DbOrTx,
  stationId: string,
  typeId: string,
  values: Parameters<typeof repo.updateMessageType>[3],
  at: Date,
) {
  return repo.updateMessageType(db, stationId, typeId, values, at);
}

/**
 * The consent sentence shown beside the join page's checkbox and recorded with each opt-in, in the
 * language the person reads (the SMS catalogue holds it in all nine).
 */
export function consentText(stationDisplayName: string, language = 'en'): string {
  return smsText('consent', language, { station: stationDisplayName });
}

/**
 * The Settings page's view of a station, but for its admin count (users', added by
 * settings.ts); also the audit trail's "before".
 */
export async function getStationSettings(
  db: DbOrTx,
  publicUrl: string,
  stationId: string,
): Promise<Omit<TStationSettings, 'admin_count'>> {
  const [station, billing] = await Promise.all([
    repo.findStationById(db, stationId),
    findStationBilling(db, stationId),
  ]);
  if (!station || !billing) throw notFound('station_not_found');
  const languages = await listLanguages(db, station);
  return {
    id: station.id,
    name: station.name,
    slug: station.slug,
    station_slug: station.slug,
    display_name: station.displayName,
    brand_color: station.brandColor,
    primary_language: station.primaryLanguage,
    supported_languages: languages.map((l) => l.languageCode),
    logo_url: station.logoUrl,
    privacy_policy_url: station.privacyPolicyUrl,
    terms_url: station.termsUrl,
    signup_enabled: station.signupEnabled,
    sms_enabled: station.smsEnabled,
    sms_credits: billing.smsCreditsBalance,
    billing_email: billing.billingEmail,
    payment_status: billing.paymentStatus,
    review_required_types: station.reviewRequiredTypes.filter((type): type is TMessageTypeKey =>
      (MESSAGE_TYPE_KEYS as readonly string[]).includes(type),
    ),
    approval_required_types: station.approvalRequiredTypes.filter((type): type is TMessageTypeKey =>
      (MESSAGE_TYPE_KEYS as readonly string[]).includes(type),
    ),
    approval_bypass_emergency: station.approvalBypassEmergency,
    time_zone: station.timeZone,
    join_url: `${publicUrl}/join/${station.slug}`,
    unsubscribe_url: `${publicUrl}/unsubscribe/${station.slug}`,
  };
}
