// Station settings: branding, languages, SMS switch and public subscriptions.
import {
  LANGUAGES,
  type TStationSettingsResponse,
  type ZStationSettingsRequest,
} from '@message-station/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { TAuditScope, TAuditView } from '../../platform/audit-rule.js';
import { notFound } from '../../platform/errors.js';
import type { TServiceContext } from '../../service-context.js';
import * as repo from './repo.js';
import { getStationSettings } from './service.js';
import { languagesSaved } from './type-translations.js';

// Read by the settings routes beside the save below; it lives in service.ts for other modules.
export { getStationSettings };

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
  ...settings
}: Awaited<ReturnType<typeof getStationSettings>>): TAuditView {
  return settings;
}

export async function saveStationSettings(
  // `translation` words the message types in a newly added language.
  context: Pick<TServiceContext, 'db' | 'config' | 'now' | 'stationId' | 'translation'> & {
    log?: { warn(details: object, message: string): void };
    /** Moves subscribers' choices of languages the station no longer offers (subscribers, given by app.ts). */
    moveLanguagesOutside: TMoveLanguagesOutside;
  },
  input: z.output<typeof ZStationSettingsRequest>,
  audit?: TAuditScope,
): Promise<TStationSettingsResponse> {
  const { db, stationId, now } = context;
  const before = await repo.listStationLanguages(db, stationId);
  const moved = await db.transaction(async (tx) => {
    // The audit's view before: the settings this save replaces, under the station row's lock.
    if (audit && (await repo.lockStation(tx, stationId))) {
      audit.before(settingsAuditView(await getStationSettings(tx, context.config.publicUrl, stationId)));
    }
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
  const settings = await getStationSettings(db, context.config.publicUrl, stationId);
  audit?.after(settingsAuditView(settings));
  return { ...settings, moved_subscriptions: moved.choices, moved_contacts: moved.contacts };
}
