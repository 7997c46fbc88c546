// Public subscriber flow: join with chosen types and languages, prove the number by code,
// unsubscribe on the web. Every opt-in and opt-out is written to the consent history.
import {
  nativeLanguageName,
  smsText,
  type TLanguageCode,
  type TSubscribeResponse,
  type TSubscriberCoverage,
  type TTranslationCoverage,
  type ZSubscribeRequest,
} from '@message-station/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { TServiceContext } from '../../service-context.js';
import { confirmationBody } from '../sms-texts/service.js';
import {
  consentText,
  findStationBySlug,
  listLanguages,
  listMessageTypes,
  typeWordingIn,
} from '../station/service.js';
import * as codes from '../verification/service.js';
import { recordConsent } from './consent.js';
import { announceContactsChanged } from './contact-events-service.js';
import * as repo from './repo.js';

export const STATION_NOT_FOUND = 'Station not found';
export const SUBSCRIPTIONS_CLOSED = 'This station is not accepting new SMS subscriptions right now.';

async function stationOrNotFound(ctx: Pick<TServiceContext, 'db'>, slug: string) {
  const station = await findStationBySlug(ctx.db, slug);
  if (!station) throw notFound('station_not_found');
  return station;
}

/**
 * What each of a station's languages gets from `from`, with its chain and trust, as Settings →
 * Translation shows it (decision 0050). The translation module answers it; it sits above subscribers
 * in modules/layers.json, so app.ts hands the function in.
 */
export type TLanguageCoverage = (
  ctx: Pick<TServiceContext, 'db' | 'config' | 'stationTranslation'> & { stationId: string },
  from: TLanguageCode,
) => Promise<Pick<TTranslationCoverage, 'languages'>>;

/** What the join page's station context reads and whom it asks for the languages' coverage. */
type TPublicInfoContext = Pick<TServiceContext, 'db' | 'config' | 'stationTranslation'> & {
  languageCoverage: TLanguageCoverage;
};

/** The join page words each language's coverage for the subscriber, from the station's primary language. */
async function subscriberCoverage(
  ctx: TPublicInfoContext,
  station: { id: string; primaryLanguage: string },
): Promise<Map<string, TSubscriberCoverage>> {
  const coverage = await ctx.languageCoverage(
    { ...ctx, stationId: station.id },
    station.primaryLanguage as TLanguageCode,
  );
  return new Map<string, TSubscriberCoverage>([
    [station.primaryLanguage, 'primary'],
    ...coverage.languages.map((entry) => [entry.language, entry.status] as const),
  ]);
}

/**
 * The join page's station, in the page's language: alert type names and descriptions in it (else
 * the primary language's), each language under its own name for the switcher and what
 * its subscribers get (`coverage`, decision 0050).
 */
export async function stationPublicInfo(
  ctx: TPublicInfoContext,
  input: { slug: string; language: TLanguageCode },
) {
  const { slug, language } = input;
  const station = await stationOrNotFound(ctx, slug);
  const [languages, types, wording, coverage] = await Promise.all([
    listLanguages(ctx.db, station),
    listMessageTypes(ctx.db, station.id),
    typeWordingIn(ctx.db, station.id, language),
    subscriberCoverage(ctx, station),
  ]);
  return {
    station: {
      name: station.name,
      slug: station.slug,
      display_name: station.displayName,
      logo_url: station.logoUrl,
      brand_color: station.brandColor,
      languages: languages
        .filter((l) => l.isActive)
        .map((l) => ({
          id: l.id,
          language_code: l.languageCode,
          display_name: l.displayName,
          native_name: nativeLanguageName(l.languageCode),
          coverage: coverage.get(l.languageCode) ?? 'needs_setup',
        })),
      consent_text: consentText(station.displayName, language),
      privacy_url: station.privacyPolicyUrl,
      terms_url: station.termsUrl,
      subscriptions_open: station.signupEnabled,
    },
    message_types: types
      .filter((t) => t.isActive)
      .map((t) => ({
        id: t.id,
        message_type: t.messageType,
        display_name: wording.get(t.messageType)?.displayName ?? t.displayName,
        description: wording.get(t.messageType)?.description ?? t.description,
        color_code: t.colorCode,
      })),
  };
}

/** Caps on verification texts (`limits.codeTexts`) are shared by every node (decision 0019). */
export async function registerSubscriber(
  ctx: Pick<
    TServiceContext,
    'db' | 'now' | 'config' | 'sms' | 'limits' | 'ip' | 'userAgent' | 'events' | 'log'
  >,
  input: z.output<typeof ZSubscribeRequest> & { slug: string },
): Promise<TSubscribeResponse> {
  const station = await stationOrNotFound(ctx, input.slug);
  if (!station.signupEnabled) throw new AppError('subscriptions_closed');
  const [languages, types] = await Promise.all([
    listLanguages(ctx.db, station),
    listMessageTypes(ctx.db, station.id),
  ]);
  const activeTypes = new Map(types.filter((t) => t.isActive).map((t) => [t.messageType as string, t]));
  const offered = new Set(languages.filter((l) => l.isActive).map((l) => l.languageCode));
  for (const choice of input.message_types) {
    const type = activeTypes.get(choice.message_type);
    if (!type) throw new AppError('alert_type_not_offered', { message_type: choice.message_type });
    if (!offered.has(choice.language)) {
      throw new AppError('language_not_offered', { language: choice.language });
    }
  }
  await codes.assertCanSendCode(ctx, input.phone);
  const slot = await ctx.limits.codeTexts.take({ phone: input.phone, stationId: station.id });

  const pendingSignup = {
    choices: input.message_types,
    consent_text: consentText(station.displayName, input.consent_language),
    ip: ctx.ip,
    user_agent: ctx.userAgent?.slice(0, 512) ?? null,
  };
  const { contact, created, issued } = await ctx.db.transaction(async (tx) => {
    const existing = await repo.findContactByPhone(tx, station.id, input.phone);
    const contact = existing
      ? await repo.updateContact(tx, station.id, existing.id, { pendingSignup, updatedAt: ctx.now })
      : await repo.insertContact(tx, {
          stationId: station.id,
          phone: input.phone,
          language: input.message_types[0]?.language ?? station.primaryLanguage,
          status: 'pending',
          source: 'web',
          pendingSignup,
          signedUpAt: ctx.now,
        });
    if (!contact) throw notFound('subscription_not_found');
    const issued = await codes.issueCode(
      { ...ctx, db: tx },
      { purpose: 'subscriber', subjectId: contact.id, phone: input.phone },
    );
    return { contact, created: !existing, issued };
  });

  try {
    await codes.sendTextOrExplain(ctx.sms, {
      to: input.phone,
      body: joinCodeText(ctx, station, issued.code, input.message_types[0]?.language),
      stationId: station.id,
    });
  } catch (error) {
    await slot.giveBack();
    await ctx.db.transaction(async (tx) => {
      await codes.deleteCodes(tx, { purpose: 'subscriber', subjectId: contact.id });
      if (created) await repo.deleteContact(tx, station.id, contact.id);
      else await repo.updateContact(tx, station.id, contact.id, { pendingSignup: null });
    });
    throw error;
  }
  // A new number counts among the station's contacts (pending) from now on.
  if (created) await announceContactsChanged(ctx, [station.id]);
  return {
    requires_verification: true,
    contact_id: contact.id,
    ...codes.codeDeliveryReply(ctx.config.sms.testMode, issued),
  };
}

/** The join code, in the language of the person's first choice on the join page. */
function joinCodeText(
  ctx: Pick<TServiceContext, 'config'>,
  station: { displayName: string; primaryLanguage: string },
  code: string,
  language: string | undefined,
) {
  return codes.codeMessage(
    code,
    ctx.config.publicUrl,
    { kind: 'code_join', station: station.displayName },
    language ?? station.primaryLanguage,
  );
}

async function pendingContact(ctx: Pick<TServiceContext, 'db'>, stationId: string, contactId: string) {
  const contact = await repo.findContact(ctx.db, stationId, contactId);
  if (!contact) throw notFound('subscription_not_found');
  if (!contact.pendingSignup) throw new AppError('already_confirmed');
  return contact;
}

export async function verifySubscriber(
  ctx: Pick<TServiceContext, 'db' | 'now' | 'config' | 'sms' | 'ip' | 'log' | 'events'>,
  input: { slug: string; contactId: string; code: string },
) {
  const { slug, contactId, code } = input;
  const station = await stationOrNotFound(ctx, slug);
  await pendingContact(ctx, station.id, contactId);
  const codeId = await codes.checkCode(ctx, { purpose: 'subscriber', subjectId: contactId }, code);
  const joined = await ctx.db.transaction(async (tx) => {
    const contact = await repo.findContact(tx, station.id, contactId, { forUpdate: true });
    const signup = contact?.pendingSignup;
    if (!contact || !signup || !(await codes.consumeCode(tx, codeId, ctx.now))) {
      throw new AppError('already_confirmed');
    }
    // A language the station dropped after this sign-up started falls back to its primary one.
    const supported = new Set((await listLanguages(tx, station)).map((l) => l.languageCode));
    const choices = signup.choices.map((c) => ({
      messageType: c.message_type,
      language: supported.has(c.language) ? c.language : station.primaryLanguage,
    }));
    await repo.replacePreferences(tx, station.id, contact.id, choices);
    await repo.updateContact(tx, station.id, contact.id, {
      status: 'active',
      isVerified: true,
      verifiedAt: ctx.now,
      optedOutAt: null,
      language: choices[0]?.language ?? contact.language,
      pendingSignup: null,
      updatedAt: ctx.now,
    });
    await recordConsent(tx, [
      {
        stationId: station.id,
        contactId: contact.id,
        phone: contact.phone,
        event: 'opt_in',
        source: 'web_join',
        detail: signup.consent_text,
        ip: signup.ip,
        userAgent: signup.user_agent,
        createdAt: ctx.now,
      },
    ]);
    // "Subscribed again" only for someone who had confirmed before and then opted out.
    const again = contact.status === 'opted_out' && contact.isVerified;
    return { phone: contact.phone, choices, again };
  });
  await announceContactsChanged(ctx, [station.id]);
  await sendConfirmation(ctx, station, joined);
  return { ok: true as const, message: `You're subscribed to ${station.displayName} alerts.` };
}

/** The opt-in confirmation text, in the language of the first choice; a lost text undoes nothing. */
async function sendConfirmation(
  ctx: Pick<TServiceContext, 'db' | 'sms' | 'log'>,
  station: { id: string; displayName: string; primaryLanguage: string },
  joined: { phone: string; choices: { messageType: string; language: string }[]; again: boolean },
) {
  try {
    const body = await confirmationBody(ctx.db, {
      station,
      language: joined.choices[0]?.language ?? station.primaryLanguage,
      types: joined.choices.map((c) => c.messageType),
      again: joined.again,
    });
    await ctx.sms.send({ to: joined.phone, body, stationId: station.id });
  } catch (error) {
    ctx.log?.error({ err: error, to: joined.phone }, 'opt-in confirmation not sent');
  }
}

export async function resendSubscriberCode(
  ctx: Pick<TServiceContext, 'db' | 'now' | 'config' | 'sms' | 'limits' | 'ip'>,
  input: { slug: string; contactId: string },
) {
  const station = await stationOrNotFound(ctx, input.slug);
  const contact = await pendingContact(ctx, station.id, input.contactId);
  return ctx.limits.codeTexts.sending({ phone: contact.phone, stationId: station.id }, async () => {
    const issued = await codes.issueCode(ctx, {
      purpose: 'subscriber',
      subjectId: contact.id,
      phone: contact.phone,
    });
    await codes.sendTextOrExplain(ctx.sms, {
      to: contact.phone,
      body: joinCodeText(ctx, station, issued.code, contact.pendingSignup?.choices[0]?.language),
      stationId: station.id,
    });
    return codes.codeDeliveryReply(ctx.config.sms.testMode, issued);
  });
}

/** The same answer whether or not the number was subscribed, so it reveals nothing. */
export const UNSUBSCRIBE_MESSAGE =
  'If this number was subscribed, it will receive no more messages from this station.';

export async function unsubscribe(
  ctx: Pick<TServiceContext, 'db' | 'now' | 'sms' | 'ip' | 'userAgent' | 'log' | 'events'>,
  input: { slug: string; phone: string },
) {
  const { slug, phone } = input;
  const station = await stationOrNotFound(ctx, slug);
  const changed = await ctx.db.transaction(async (tx) => {
    const contact = await repo.findContactByPhone(tx, station.id, phone);
    if (!contact || contact.status === 'opted_out') return null;
    await repo.updateContact(tx, station.id, contact.id, {
      status: 'opted_out',
      optedOutAt: ctx.now,
      pendingSignup: null,
      updatedAt: ctx.now,
    });
    await recordConsent(tx, [
      {
        stationId: station.id,
        contactId: contact.id,
        phone,
        event: 'opt_out',
        source: 'unsubscribe_page',
        detail: 'Unsubscribed on the public unsubscribe page',
        ip: ctx.ip,
        userAgent: ctx.userAgent?.slice(0, 512) ?? null,
        createdAt: ctx.now,
      },
    ]);
    return contact;
  });
  if (changed) await announceContactsChanged(ctx, [station.id]);
  // Only someone who was receiving alerts gets a confirmation text.
  if (changed?.isVerified && changed.status !== 'pending') {
    await ctx.sms
      .send({
        to: phone,
        body: smsText('unsubscribed_web', changed.language, { station: station.displayName }),
        stationId: station.id,
      })
      .catch((error: unknown) => {
        // The opt-out itself is what matters; a failed confirmation must not undo it.
        ctx.log?.error({ err: error, to: phone }, 'unsubscribe confirmation not sent');
      });
  }
  return { ok: true as const, message: UNSUBSCRIBE_MESSAGE };
}

/** Used by station settings when a language is removed (decision 0009). */
/** Moves the station's contacts' choices of languages it no longer offers to `to`. */
export function moveLanguagesOutside(db: DbOrTx, stationId: string, keep: string[], to: string) {
  return repo.moveLanguagesOutside(db, stationId, keep, to);
}
