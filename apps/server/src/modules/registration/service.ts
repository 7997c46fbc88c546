// Station signup: a draft with the wizard's answers, an SMS code to the admin's phone, then the
// station, its admin and a session, created together once the code checks out.
import {
  defaultTypeWording,
  deriveStationId,
  emailLanguage,
  LIMITS,
  MESSAGE_TYPES,
  signupStationLanguages,
  stationIdAlternatives,
  type TLanguageCode,
  type TMessageTypeKey,
  type TRegisterStartResponse,
  type TStationIdAvailability,
  type ZRegisterStartRequest,
} from '@message-station/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import { hashPassword } from '../../platform/passwords.js';
import { addressSource } from '../../platform/rate-limit/index.js';
import { createSession } from '../../platform/session.js';
import type { TServiceContext } from '../../service-context.js';
import { describeSessionUser } from '../auth/service.js';
import { verifyBotCheck } from '../bot-check/service.js';
import { createStation, findStationIdBySlug, planSignupWording } from '../station/service.js';
import { createUserWithHash, findUserByEmail } from '../users/service.js';
import * as codes from '../verification/service.js';
import { sendEmailClashNotice } from './email-clash.js';
import type { TDraftMessageType } from './repo.js';
import * as repo from './repo.js';

const DRAFT_TTL_MS = LIMITS.registrationHours * 3_600_000;
const takenStationId = (slug: string) => new AppError('station_id_taken', { station_id: slug });

/**
 * Station IDs are public (join pages), so a taken one is said at once. A taken email is not: the
 * signup goes on exactly as for a new address, and only after the phone code (decision 0020).
 */
async function assertAvailable(db: Db, slug: string) {
  if (await findStationIdBySlug(db, slug)) throw takenStationId(slug);
}

/**
 * Step 2's check of the ID a name gives (the start call checks it again: two signups may race).
 * Tells no more than the join pages do: whether /join/{id} exists, and a free ID close to it.
 */
export async function checkStationId(db: Db, name: string): Promise<TStationIdAvailability> {
  const stationId = deriveStationId(name);
  if (!(await findStationIdBySlug(db, stationId))) {
    return { station_id: stationId, available: true, suggestion: null };
  }
  for (const alternative of stationIdAlternatives(stationId)) {
    if (!(await findStationIdBySlug(db, alternative))) {
      return { station_id: stationId, available: false, suggestion: alternative };
    }
  }
  return { station_id: stationId, available: false, suggestion: null };
}

/** All four types, in display order, with the wizard's texts (in its language) and switches where given. */
function completeMessageTypes(given: TDraftMessageType[], language: TLanguageCode): TDraftMessageType[] {
  return MESSAGE_TYPES.map((type) => {
    const chosen = given.find((t) => t.message_type === type.key);
    const builtIn = defaultTypeWording(type.key, language);
    return {
      message_type: type.key,
      display_name: chosen?.display_name || builtIn.displayName,
      description: chosen?.description || builtIn.description,
      is_active: chosen?.is_active ?? true,
    };
  });
}

/** What step 4 showed, per type, in the draft's language. */
function shownWording(draft: { messageTypes: TDraftMessageType[]; language: string }) {
  const language = draft.language as TLanguageCode;
  return Object.fromEntries(
    draft.messageTypes.map((t) => {
      const key = t.message_type as TMessageTypeKey;
      return [
        key,
        {
          displayName: t.display_name ?? defaultTypeWording(key, language).displayName,
          description: t.description,
        },
      ];
    }),
  );
}

/** The signup code, in the wizard's language. */
function sendCode(
  ctx: Pick<TServiceContext, 'config' | 'sms'>,
  phone: string,
  code: string,
  language: string,
) {
  return codes.sendTextOrExplain(ctx.sms, {
    to: phone,
    body: codes.codeMessage(code, ctx.config.publicUrl, { kind: 'code_signup' }, language),
  });
}

/**
 * Texts the signup code only past the bot check (`config.botCheck`, as the forgot-password and
 * contact forms), and from the signup budget of the verification-text caps, per address and in
 * all, which no join or reset draws from (decision 0054).
 */
export async function startRegistration(
  ctx: Pick<TServiceContext, 'db' | 'now' | 'config' | 'sms' | 'limits' | 'ip' | 'userAgent'>,
  input: z.output<typeof ZRegisterStartRequest>,
): Promise<TRegisterStartResponse> {
  const slug = deriveStationId(input.station_name);
  // Housekeeping on the way in: cheap (indexed) and keeps old drafts and codes from piling up.
  await repo.deleteExpiredDrafts(ctx.db, ctx.now);
  await codes.purgeOldCodes(ctx.db, ctx.now);
  await assertAvailable(ctx.db, slug);
  await codes.assertCanSendCode(ctx, input.phone_number);
  // After the answers' own checks, so a taken Station ID does not spend the visitor's solution.
  await verifyBotCheck(ctx, input.turnstileToken);
  const slot = await ctx.limits.codeTexts.take({
    phone: input.phone_number,
    signupFrom: addressSource(ctx.ip),
  });

  const passwordHash = await hashPassword(input.password);
  // The primary chosen in step 3 is one of the station's languages (decision 0083).
  const stationLanguages = signupStationLanguages(input);
  const { draft, issued } = await ctx.db.transaction(async (tx) => {
    const draft = await repo.insertDraft(tx, {
      email: input.email,
      passwordHash,
      adminFullName: input.admin_full_name,
      phoneNumber: input.phone_number,
      billingEmail: input.billing_email,
      stationName: input.station_name,
      stationSlug: slug,
      displayName: input.display_name,
      brandColor: input.brand_color,
      supportedLanguages: stationLanguages.languages,
      primaryLanguage: stationLanguages.primary,
      privacyPolicyUrl: input.privacy_policy_url,
      termsUrl: input.terms_url,
      timeZone: input.time_zone,
      messageTypes: completeMessageTypes(input.message_types, input.language),
      language: input.language,
      termsAcceptedAt: ctx.now,
      ip: ctx.ip,
      userAgent: ctx.userAgent?.slice(0, 512) ?? null,
      createdAt: ctx.now,
      expiresAt: new Date(ctx.now.getTime() + DRAFT_TTL_MS),
    });
    const issued = await codes.issueCode(
      { ...ctx, db: tx },
      { purpose: 'registration', subjectId: draft.id, phone: input.phone_number },
    );
    return { draft, issued };
  });

  try {
    await sendCode(ctx, input.phone_number, issued.code, input.language);
  } catch (error) {
    // Nothing half-written: without the text there is no way to finish this draft.
    await slot.giveBack();
    await ctx.db.transaction(async (tx) => {
      await codes.deleteCodes(tx, { purpose: 'registration', subjectId: draft.id });
      await repo.deleteDraft(tx, draft.id);
    });
    throw error;
  }

  return {
    registration_id: draft.id,
    expires_at: draft.expiresAt.toISOString(),
    phone_last4: input.phone_number.slice(-4),
    ...codes.codeDeliveryReply(ctx.config.sms.testMode, issued),
  };
}

async function openDraft(ctx: Pick<TServiceContext, 'db' | 'now'>, registrationId: string) {
  const draft = await repo.findDraft(ctx.db, registrationId);
  if (!draft) throw new AppError('registration_not_found');
  if (draft.completedAt) throw new AppError('registration_complete');
  if (draft.expiresAt <= ctx.now) throw new AppError('registration_expired');
  return draft;
}

export async function resendRegistrationCode(
  ctx: Pick<TServiceContext, 'db' | 'now' | 'config' | 'sms' | 'limits' | 'ip'>,
  registrationId: string,
) {
  const draft = await openDraft(ctx, registrationId);
  // A new code for a draft that passed the bot check; counted in the signup budget too.
  const text = { phone: draft.phoneNumber, signupFrom: addressSource(ctx.ip) };
  return ctx.limits.codeTexts.sending(text, async () => {
    const issued = await codes.issueCode(ctx, {
      purpose: 'registration',
      subjectId: draft.id,
      phone: draft.phoneNumber,
    });
    await sendCode(ctx, draft.phoneNumber, issued.code, draft.language);
    return codes.codeDeliveryReply(ctx.config.sms.testMode, issued);
  });
}

/**
 * The email belongs to an account: the code is used up, the owner gets an email, and the signup
 * ends here. Reached only with a texted code, so probing addresses costs a phone and a text each.
 */
async function refuseTakenEmail(
  ctx: Pick<TServiceContext, 'db' | 'now' | 'email'>,
  draft: { email: string; stationName: string },
  codeId: string,
) {
  const owner = await findUserByEmail(ctx.db, draft.email);
  if (!owner) return;
  if (!(await codes.consumeCode(ctx.db, codeId, ctx.now))) {
    throw new AppError('registration_complete');
  }
  await sendEmailClashNotice(ctx.email, owner, draft.stationName);
  throw new AppError('registration_email_taken');
}

/**
 * `translation` puts step 4's edited wording into the station's other languages;
 * `stationCreationSteps` add the other modules' rows of the new station.
 */
export async function verifyRegistration(
  ctx: Pick<
    TServiceContext,
    'db' | 'now' | 'config' | 'email' | 'translation' | 'stationCreationSteps' | 'ip' | 'userAgent'
  >,
  input: { registrationId: string; code: string },
) {
  const { registrationId, code } = input;
  const openedDraft = await openDraft(ctx, registrationId);
  const codeId = await codes
    .checkCode(ctx, { purpose: 'registration', subjectId: registrationId }, code)
    .catch(async (error: unknown) => {
      // A second verify of the same draft at once: the first used the code and made the station.
      if ((await repo.findDraft(ctx.db, registrationId))?.completedAt) {
        throw new AppError('registration_complete');
      }
      throw error;
    });
  await refuseTakenEmail(ctx, openedDraft, codeId);
  // Engines are asked before the transaction, never while it holds its locks.
  const { primary, languages } = signupStationLanguages({
    supported_languages: openedDraft.supportedLanguages as TLanguageCode[],
    primary_language: openedDraft.primaryLanguage as TLanguageCode | null,
  });
  const typeWording = await planSignupWording(ctx.translation, {
    wizardLanguage: openedDraft.language as TLanguageCode,
    languages,
    shown: shownWording(openedDraft),
  });

  try {
    const created = await ctx.db.transaction(async (tx) => {
      // Two verifies of one draft: the second waits here, then finds it completed.
      const draft = await repo.findDraft(tx, registrationId, { forUpdate: true });
      if (!draft || draft.completedAt || !(await codes.consumeCode(tx, codeId, ctx.now))) {
        throw new AppError('registration_complete');
      }
      if (await findStationIdBySlug(tx, draft.stationSlug)) throw takenStationId(draft.stationSlug);
      if (await findUserByEmail(tx, draft.email)) throw new AppError('registration_email_taken');

      const station = await createStation(
        tx,
        { publicUrl: ctx.config.publicUrl, steps: ctx.stationCreationSteps },
        {
          slug: draft.stationSlug,
          name: draft.stationName,
          displayName: draft.displayName,
          brandColor: draft.brandColor,
          supportedLanguages: languages,
          primaryLanguage: primary,
          privacyPolicyUrl: draft.privacyPolicyUrl,
          termsUrl: draft.termsUrl,
          timeZone: draft.timeZone,
          billingEmail: draft.billingEmail,
          smsEnabled: false,
          paymentStatus: 'trial',
          paymentExpiresAt: new Date(ctx.now.getTime() + ctx.config.trial.days * 86_400_000),
          smsCreditsBalance: ctx.config.trial.credits,
          now: ctx.now,
          messageTypes: Object.fromEntries(
            draft.messageTypes.map((t) => [t.message_type as TMessageTypeKey, { isActive: t.is_active }]),
          ),
          typeWording,
        },
      );
      const user = await createUserWithHash(tx, {
        stationId: station.id,
        email: draft.email,
        passwordHash: draft.passwordHash,
        fullName: draft.adminFullName,
        phoneNumber: draft.phoneNumber,
        role: 'admin',
        lastLoginAt: ctx.now,
        // The wizard's language is the new admin's until they choose another.
        language: emailLanguage(draft.language),
      });
      await repo.markDraftCompleted(tx, draft.id, station.id, ctx.now);
      const session = await createSession(tx, {
        userId: user.id,
        now: ctx.now,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
      });
      return { stationId: station.id, userId: user.id, token: session.token };
    });
    const user = await describeSessionUser(ctx.db, {
      userId: created.userId,
      stationId: created.stationId,
      viewingStationId: null,
    });
    return { token: created.token, user };
  } catch (error) {
    // Another draft took the same station ID or email a moment earlier.
    if (isUniqueViolation(error)) throw new AppError('registration_taken_meanwhile');
    throw error;
  }
}
