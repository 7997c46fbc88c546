// Station settings (spec §2 Settings): branding, languages, SMS switch and public subscriptions.
import {
  LANGUAGES,
  type TStationSettings,
  type TStationSettingsResponse,
  type ZStationSettingsRequest,
} from '@message-station/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { notFound } from '../../platform/errors.js';
import type { TTranslationProvider } from '../../providers/translation/types.js';
import { moveLanguagesOutside } from '../subscribers/service.js';
import * as repo from './repo.js';
import { listLanguages } from './service.js';
import { languagesSaved } from './type-translations.js';

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
    join_url: `${publicUrl}/join/${station.slug}`,
    unsubscribe_url: `${publicUrl}/unsubscribe/${station.slug}`,
  };
}

/**
 * Saves the settings in one transaction. Dropping a language moves the subscribers who chose it
 * to the primary language instead of refusing or leaving them without messages (decision 0009).
 */
export async function saveStationSettings(
  db: Db,
  ctx: {
    publicUrl: string;
    stationId: string;
    now: Date;
    /** Words the message types in a newly added language (issue 16). */
    translation: TTranslationProvider;
    log?: { warn(details: object, message: string): void };
  },
  input: z.output<typeof ZStationSettingsRequest>,
): Promise<TStationSettingsResponse> {
  const before = await repo.listStationLanguages(db, ctx.stationId);
  const moved = await db.transaction(async (tx) => {
    const station = await repo.updateStation(tx, ctx.stationId, {
      displayName: input.display_name,
      brandColor: input.brand_color,
      primaryLanguage: input.primary_language,
      privacyPolicyUrl: input.privacy_policy_url,
      termsUrl: input.terms_url,
      smsEnabled: input.sms_enabled,
      signupEnabled: input.signup_enabled,
      updatedAt: ctx.now,
    });
    if (!station) throw notFound('station_not_found');
    await repo.setStationLanguages(
      tx,
      ctx.stationId,
      LANGUAGES.filter((l) => input.supported_languages.includes(l.code)).map((l) => ({
        languageCode: l.code,
        displayName: l.name,
      })),
    );
    return moveLanguagesOutside(tx, ctx.stationId, input.supported_languages, input.primary_language);
  });
  await languagesSaved(db, ctx.translation, {
    stationId: ctx.stationId,
    added: input.supported_languages.filter((code) => !before.some((l) => l.languageCode === code)),
    primary: input.primary_language,
    at: ctx.now,
    log: ctx.log,
  });
  const settings = await getStationSettings(db, ctx.publicUrl, ctx.stationId);
  return { ...settings, moved_subscriptions: moved.choices, moved_contacts: moved.contacts };
}
