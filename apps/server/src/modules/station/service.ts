// What other modules use of a station: creating one with its fixed parts (languages, the four
// message types) in one step, finding it, its languages, settings, sending and two-factor columns.
import {
  defaultTypeWording,
  LANGUAGES,
  MESSAGE_TYPE_KEYS,
  MESSAGE_TYPES,
  STATION_DEFAULTS,
  smsText,
  type TLanguageCode,
  type TMessageTypeKey,
  type TPaymentStatus,
  type TStationSettings,
} from '@message-station/shared';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../platform/errors.js';
import { addCredits, ledgerLine } from '../billing/service.js';
import * as repo from './repo.js';
import { defaultRows, type TTypeWordingRow } from './type-translations.js';
import { writeTypeWording } from './type-translations-repo.js';

export type TCreateStationInput = {
  slug: string;
  name: string;
  displayName: string;
  brandColor?: string;
  supportedLanguages?: TLanguageCode[];
  primaryLanguage?: TLanguageCode;
  privacyPolicyUrl?: string;
  termsUrl?: string;
  /** An IANA zone of STATION_TIME_ZONES; the column's default (America/New_York) without it. */
  timeZone?: string;
  billingEmail?: string | null;
  smsEnabled?: boolean;
  smsCreditsBalance?: number;
  paymentStatus?: TPaymentStatus;
  paymentExpiresAt?: Date | null;
  /** When the opening credits are granted (the request's clock). */
  now?: Date;
  /** Per type: description (in the primary language) and whether it is on; defaults from spec §3. */
  messageTypes?: Partial<Record<TMessageTypeKey, { description?: string; isActive?: boolean }>>;
  /** Names and descriptions per language (signup's step 4); else the catalogue's (issue 16). */
  typeWording?: TTypeWordingRow[];
};

/** Each type in each supported language; a description given for the primary one is staff's. */
function stationTypeWording(input: TCreateStationInput, supported: TLanguageCode[], primary: TLanguageCode) {
  if (input.typeWording) return input.typeWording;
  return defaultRows(supported).map((row) => {
    const description = input.messageTypes?.[row.messageType]?.description;
    if (row.language !== primary || description === undefined || description === row.description) return row;
    return { ...row, description, source: 'staff' as const };
  });
}

/** Call inside a transaction: a station never exists without its languages and message types. */
export async function createStation(tx: DbOrTx, publicUrl: string, input: TCreateStationInput) {
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
    billingEmail: input.billingEmail ?? null,
    smsEnabled: input.smsEnabled ?? STATION_DEFAULTS.smsEnabled,
    smsCreditsBalance: 0,
    paymentStatus: input.paymentStatus ?? STATION_DEFAULTS.paymentStatus,
    paymentExpiresAt: input.paymentExpiresAt ?? null,
  });
  const openingCredits = input.smsCreditsBalance ?? 0;
  if (openingCredits > 0) {
    const trial = station.paymentStatus === 'trial';
    await addCredits(tx, station.id, {
      kind: trial ? 'trial_grant' : 'monthly_grant',
      credits: openingCredits,
      ...(trial ? ledgerLine.trialGrant() : ledgerLine.openingGrant()),
      at: input.now ?? new Date(),
    });
  }
  await repo.insertStationLanguages(
    tx,
    station.id,
    LANGUAGES.filter((l) => supported.includes(l.code)).map((l) => ({
      languageCode: l.code,
      displayName: l.name,
    })),
  );
  const wording = stationTypeWording(input, supported, primary);
  await writeTypeWording(tx, station.id, wording, input.now ?? new Date());
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
  return { ...station, smsCreditsBalance: openingCredits };
}

export const getStationSummary = repo.findStationSummary;
export const findStationIdBySlug = repo.findStationIdBySlug;
export const findStationBySlug = repo.findStationBySlug;
export const findStationById = repo.findStationById;
// The users module's API keys depend on the station's plan state (users cannot read stations).
export const findStationAccess = repo.findStationAccess;
export const listStationNames = repo.listStationNames;
export const stationRequiresTwoFactor = repo.stationRequiresTwoFactor;
export const setStationRequiresTwoFactor = repo.setStationRequiresTwoFactor;
// The dashboard's first-run checklist, hidden by an admin.
export const setFirstRunHidden = repo.setFirstRunHidden;

// A station's own sender and pace, read and set by delivery's sending lanes.
export {
  findLaneStation,
  findStationIdsBySender,
  findStationSending,
  setStationSendingColumns,
} from './sending-repo.js';
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

export const listMessageTypes = repo.listMessageTypes;
// A language keyword (subscribers) changes the language only at the stations that offer it.
export const stationsOfferingLanguage = repo.stationsOfferingLanguage;
export const updateMessageType = repo.updateMessageType;

/**
 * The consent sentence shown beside the join page's checkbox and recorded with each opt-in, in the
 * language the person reads (the SMS catalogue holds it in all nine).
 */
export function consentText(stationDisplayName: string, language = 'en'): string {
  return smsText('consent', language, { station: stationDisplayName });
}

/** The Settings page's view of a station (spec §2 Settings); also the audit trail's "before". */
export async function getStationSettings(
  db: DbOrTx,
  publicUrl: string,
  stationId: string,
): Promise<TStationSettings> {
  const station = await repo.findStationById(db, stationId);
  if (!station) throw notFound('station_not_found');
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
    sms_credits: station.smsCreditsBalance,
    billing_email: station.billingEmail,
    payment_status: station.paymentStatus,
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
