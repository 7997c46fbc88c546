// Station settings: branding, languages, SMS switch and public subscriptions.
import {
  APPROVAL_MIN_ADMINS,
  LANGUAGES,
  MESSAGE_TYPE_KEYS,
  type TStationSettings,
  type TStationSettingsResponse,
  typesNewlyHeld,
  type ZStationSettingsRequest,
} from '@message-station/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { TAuditScope, TAuditView } from '../../platform/audit-rule.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { TServiceContext } from '../../service-context.js';
import * as repo from './repo.js';
import { getStationSettings } from './service.js';
import { languagesSaved } from './type-translations.js';

/**
 * How many admins the station has. The users module counts them, and it imports station: app.ts
 * hands the function in, so station does not import users back.
 */
export type TCountStationAdmins = (db: DbOrTx, stationId: string) => Promise<number>;

/** The Settings page's view: the station's settings and how many admins could approve (decision 0077). */
export async function readStationSettings(
  db: DbOrTx,
  context: { publicUrl: string; countStationAdmins: TCountStationAdmins },
  stationId: string,
): Promise<TStationSettings> {
  const [settings, admins] = await Promise.all([
    getStationSettings(db, context.publicUrl, stationId),
    context.countStationAdmins(db, stationId),
  ]);
  return { ...settings, admin_count: admins };
}

/**
 * Refuses a save that holds a type for approval it let through before where fewer than two admins
 * could approve (decision 0077): one admin's own messages would wait for ever. Letting types through,
 * or keeping what was held, is always allowed, so a station in that state can always get out of it.
 */
async function refuseApprovalWithoutAdmins(
  tx: DbOrTx,
  stationId: string,
  input: z.output<typeof ZStationSettingsRequest>,
  countStationAdmins: TCountStationAdmins,
) {
  const station = await repo.findStationById(tx, stationId);
  if (!station) throw notFound('station_not_found');
  const before = {
    approval_required_types: station.approvalRequiredTypes,
    approval_bypass_emergency: station.approvalBypassEmergency,
  };
  const after = {
    approval_required_types: input.approval_required_types ?? before.approval_required_types,
    approval_bypass_emergency: input.approval_bypass_emergency ?? before.approval_bypass_emergency,
  };
  if (typesNewlyHeld(before, after, MESSAGE_TYPE_KEYS).length === 0) return;
  const admins = await countStationAdmins(tx, stationId);
  if (admins < APPROVAL_MIN_ADMINS) throw new AppError('approval_needs_two_admins', { admins });
}

/**
 * Saves the settings in one transaction. Dropping a language moves the subscribers who chose it
 * to the primary language instead of refusing or leaving them without messages (decision 0009).
 */
/**
 * Moves the station's subscribers' choices of languages outside `keep` to `to`, in the caller's
 * transaction; answers how many choices and contacts moved. The subscribers module does it, and it
 * imports station: app.ts hands the function in, so station does not import subscribers back.
 */
export type TMoveLanguagesOutside = (
  tx: DbOrTx,
  stationId: string,
  keep: string[],
  to: string,
) => Promise<{ choices: number; contacts: number }>;

/** The settings as the audit log keeps them (decision 0066): what an admin saves, not the links. */
function settingsAuditView({
  join_url: _join,
  unsubscribe_url: _unsubscribe,
  admin_count: _admins,
  ...settings
}: Omit<TStationSettings, 'admin_count'> & { admin_count?: number }): TAuditView {
  return settings;
}

export async function saveStationSettings(
  // `translation` words the message types in a newly added language.
  context: Pick<TServiceContext, 'db' | 'config' | 'now' | 'stationId' | 'translation'> & {
    log?: { warn(details: object, message: string): void };
    /** Moves subscribers' choices of languages the station no longer offers (subscribers, given by app.ts). */
    moveLanguagesOutside: TMoveLanguagesOutside;
    /** Counts the station's admins (users, given by app.ts). */
    countStationAdmins: TCountStationAdmins;
  },
  input: z.output<typeof ZStationSettingsRequest>,
  audit?: TAuditScope,
): Promise<TStationSettingsResponse> {
  const { db, stationId, now } = context;
  const before = await repo.listStationLanguages(db, stationId);
  const moved = await db.transaction(async (tx) => {
    // The audit's view before: the settings this save replaces, under the station row's lock.
    if ((await repo.lockStation(tx, stationId)) && audit) {
      audit.before(settingsAuditView(await getStationSettings(tx, context.config.publicUrl, stationId)));
    }
    await refuseApprovalWithoutAdmins(tx, stationId, input, context.countStationAdmins);
    const station = await repo.updateStation(tx, stationId, {
      displayName: input.display_name,
      brandColor: input.brand_color,
      primaryLanguage: input.primary_language,
      privacyPolicyUrl: input.privacy_policy_url,
      termsUrl: input.terms_url,
      smsEnabled: input.sms_enabled,
      signupEnabled: input.signup_enabled,
      ...(input.review_required_types ? { reviewRequiredTypes: input.review_required_types } : {}),
      ...(input.approval_required_types ? { approvalRequiredTypes: input.approval_required_types } : {}),
      ...(input.approval_bypass_emergency === undefined
        ? {}
        : { approvalBypassEmergency: input.approval_bypass_emergency }),
      ...(input.time_zone ? { timeZone: input.time_zone } : {}),
      updatedAt: now,
    });
    if (!station) throw notFound('station_not_found');
    await repo.setStationLanguages(
      tx,
      stationId,
      LANGUAGES.filter((l) => input.supported_languages.includes(l.code)).map((l) => ({
        languageCode: l.code,
        displayName: l.name,
      })),
    );
    return context.moveLanguagesOutside(tx, stationId, input.supported_languages, input.primary_language);
  });
  await languagesSaved(db, context.translation, {
    stationId,
    added: input.supported_languages.filter((code) => !before.some((l) => l.languageCode === code)),
    primary: input.primary_language,
    at: now,
    log: context.log,
  });
  const settings = await readStationSettings(
    db,
    { publicUrl: context.config.publicUrl, countStationAdmins: context.countStationAdmins },
    stationId,
  );
  audit?.after(settingsAuditView(settings));
  return { ...settings, moved_subscriptions: moved.choices, moved_contacts: moved.contacts };
}
