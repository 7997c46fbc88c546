// The signup draft: its defaults, the checks of each step
// and the start request built from it. Kept in component state only: it holds a password.
import type { FormErrors } from '@mantine/form';
import {
  defaultTypeWording,
  isRegistrationEmailRefusal,
  LANGUAGE_CODES,
  MESSAGE_TYPES,
  REGISTRATION_STEP_FIELDS,
  REGISTRATION_STEP_SCHEMAS,
  readRefusal,
  refusalOf,
  STATION_DEFAULTS,
  STATION_TIME_ZONES,
  signupStationLanguages,
  type TErrorCode,
  type TFieldRefusal,
  type TLanguageCode,
  type TMessageTypeKey,
  type TRegisterStartRequest,
  type TRegistrationStep,
  type TStationTimeZone,
} from '@message-station/shared';
import { ApiError } from '../../api/client';
import { usPhoneE164OnceLoaded, usPhoneProblemOnceLoaded } from '../../components/UsPhoneInput';
import { currentLanguage, type TUiLanguage } from '../../i18n';
import type registrationEn from '../../locales/en/registration.json';

export type TRegistrationDraft = {
  fullName: string;
  email: string;
  billingEmail: string;
  password: string;
  confirmPassword: string;
  phoneNumber: string;
  stationName: string;
  displayName: string;
  /** True once the user typed a display name of their own; until then it follows the station name. */
  displayNameEdited: boolean;
  brandColor: string;
  supportedLanguages: string[];
  /**
   * The station's primary language (decision 0083), always among its languages; null until chosen:
   * the language the visitor reads the wizard in.
   */
  primaryLanguage: TLanguageCode | null;
  /** The station's time zone: this browser's when it is one of the list, else Eastern. */
  timeZone: TStationTimeZone;
  logo: File | null;
  privacyPolicyUrl: string;
  termsUrl: string;
  /** Descriptions the user typed; a type without one shows (and sends) the catalogue's, in the page's language. */
  messageTypes: Partial<Record<TMessageTypeKey, string>>;
  messageTypesEnabled: Record<TMessageTypeKey, boolean>;
  termsConsent: boolean;
};

export type TDraftField = keyof TRegistrationDraft;
export type TDraftErrorKey = keyof typeof registrationEn.errors;
/** A field's problem: the wizard's own words for it, or a refusal worded from the errors catalogue. */
export type TDraftError = TDraftErrorKey | TFieldRefusal;
export type TDraftErrors = Partial<Record<TDraftField, TDraftError>>;
type TStepField = (typeof REGISTRATION_STEP_FIELDS)[TRegistrationStep][number];

export const WIZARD_STEPS = ['account', 'station', 'branding', 'messageTypes', 'terms', 'verify'] as const;
export type TWizardStep = (typeof WIZARD_STEPS)[number];
export const TERMS_STEP = WIZARD_STEPS.indexOf('terms');
export const VERIFY_STEP = WIZARD_STEPS.indexOf('verify');

/** This browser's time zone when the list has it (a US station set up from where it is), else Eastern. */
export function browserStationTimeZone(
  zone: string | undefined = Intl.DateTimeFormat().resolvedOptions().timeZone,
): TStationTimeZone {
  return (STATION_TIME_ZONES as readonly string[]).includes(zone ?? '')
    ? (zone as TStationTimeZone)
    : 'America/New_York';
}

export function initialDraft(origin: string): TRegistrationDraft {
  return {
    fullName: '',
    email: '',
    billingEmail: '',
    password: '',
    confirmPassword: '',
    phoneNumber: '',
    stationName: '',
    displayName: '',
    displayNameEdited: false,
    brandColor: STATION_DEFAULTS.brandColor,
    supportedLanguages: [...STATION_DEFAULTS.supportedLanguages],
    primaryLanguage: null,
    timeZone: browserStationTimeZone(),
    logo: null,
    privacyPolicyUrl: `${origin}/privacy`,
    termsUrl: `${origin}/terms`,
    messageTypes: {},
    messageTypesEnabled: Object.fromEntries(MESSAGE_TYPES.map((type) => [type.key, true])) as Record<
      TMessageTypeKey,
      boolean
    >,
    termsConsent: false,
  };
}

/** Applies a change; a new station name also becomes the display name until the user edits that. */
export function applyDraftChange(
  draft: TRegistrationDraft,
  change: Partial<TRegistrationDraft>,
): TRegistrationDraft {
  const next = { ...draft, ...change };
  if ('displayName' in change) next.displayNameEdited = true;
  if ('stationName' in change && !next.displayNameEdited) next.displayName = next.stationName;
  return next;
}

/** The draft's field for each field of the start request the wizard checks. */
const DRAFT_FIELD: Record<TStepField, TDraftField> = {
  admin_full_name: 'fullName',
  email: 'email',
  billing_email: 'billingEmail',
  password: 'password',
  phone_number: 'phoneNumber',
  station_name: 'stationName',
  display_name: 'displayName',
  brand_color: 'brandColor',
  supported_languages: 'supportedLanguages',
  primary_language: 'primaryLanguage',
  time_zone: 'timeZone',
  privacy_policy_url: 'privacyPolicyUrl',
  terms_url: 'termsUrl',
};

/**
 * The wizard's own words (registration:errors, the spec's sentences) for the refusals a field
 * expects, by the refusal's code; any other code is worded from the errors catalogue.
 */
const FIELD_WORDS: Record<TStepField, Partial<Record<TErrorCode, TDraftErrorKey>>> = {
  admin_full_name: { field_required: 'fullNameRequired' },
  email: { field_required: 'emailRequired', email_invalid: 'emailInvalid' },
  billing_email: { field_required: 'billingEmailRequired', email_invalid: 'billingEmailInvalid' },
  password: { password_too_short: 'passwordTooShort' },
  phone_number: {
    phone_required: 'phoneRequired',
    phone_not_us: 'phoneNotUs',
    phone_invalid: 'phoneInvalid',
  },
  station_name: { field_required: 'stationNameRequired', station_name_letters: 'stationNameNoId' },
  display_name: { field_required: 'displayNameRequired' },
  brand_color: { brand_color_invalid: 'brandColorInvalid' },
  supported_languages: { supported_language_required: 'languagesRequired' },
  primary_language: {},
  time_zone: {},
  privacy_policy_url: { field_required: 'privacyUrlRequired', url_invalid: 'privacyUrlInvalid' },
  terms_url: { field_required: 'termsUrlRequired', url_invalid: 'termsUrlInvalid' },
};

/**
 * The admin's number as E.164, by the phone checks step 1 loaded (UsPhoneInput, decision 0062); a
 * refused one never gets past step 1, and is never reinterpreted.
 */
function phoneSent({ phoneNumber }: TRegistrationDraft): string {
  return usPhoneProblemOnceLoaded(phoneNumber) ? phoneNumber.trim() : usPhoneE164OnceLoaded(phoneNumber);
}

/** What the start request will carry in the fields the steps check (as toStartRequest sends them). */
function stepFields(draft: TRegistrationDraft): Record<Exclude<TStepField, 'phone_number'>, unknown> {
  return {
    admin_full_name: draft.fullName,
    email: draft.email,
    billing_email: draft.billingEmail,
    password: draft.password,
    station_name: draft.stationName,
    display_name: draft.displayName,
    brand_color: draft.brandColor,
    ...stationLanguagesSent(draft),
    time_zone: draft.timeZone,
    privacy_policy_url: draft.privacyPolicyUrl,
    terms_url: draft.termsUrl,
  };
}

/**
 * The station's primary language and its languages with it among them, in the product's order: the
 * primary chosen, else the wizard's language (decision 0083).
 */
export function stationLanguagesOf(
  draft: Pick<TRegistrationDraft, 'supportedLanguages' | 'primaryLanguage'>,
  language: TUiLanguage = currentLanguage(),
) {
  const { primary, languages } = signupStationLanguages({
    supported_languages: draft.supportedLanguages as TLanguageCode[],
    primary_language: draft.primaryLanguage ?? language,
  });
  return { primary, languages: LANGUAGE_CODES.filter((code) => languages.includes(code)) };
}

/** The start request's language fields, as stationLanguagesOf makes them. */
function stationLanguagesSent(draft: TRegistrationDraft, language?: TUiLanguage) {
  const { primary, languages } = stationLanguagesOf(draft, language);
  return { primary_language: primary, supported_languages: languages };
}

/** The phone's problem as the server's code, by the lazily loaded checks (decision 0062). */
function phoneRefusal(draft: TRegistrationDraft): TFieldRefusal | null {
  const problem = usPhoneProblemOnceLoaded(draft.phoneNumber);
  if (!problem) return null;
  const code =
    problem === 'required' ? 'phone_required' : problem === 'not_us' ? 'phone_not_us' : 'phone_invalid';
  return { code, params: {} };
}

function wordsFor(field: TStepField, refusal: TFieldRefusal, draft: TRegistrationDraft): TDraftError {
  // The schema words an empty password as too short; the wizard asks for one first.
  if (field === 'password' && !draft.password) return 'passwordRequired';
  return FIELD_WORDS[field][refusal.code] ?? refusal;
}

/** The wizard's own rules, beside the start request's (the confirmation is never sent). */
function wizardOnlyErrors(name: TWizardStep, draft: TRegistrationDraft): TDraftErrors {
  if (name === 'account' && draft.password && draft.confirmPassword !== draft.password) {
    return { confirmPassword: 'passwordsDoNotMatch' };
  }
  if (name === 'terms' && !draft.termsConsent) return { termsConsent: 'consentRequired' };
  return {};
}

const isCheckedStep = (name: TWizardStep): name is TRegistrationStep =>
  Object.hasOwn(REGISTRATION_STEP_FIELDS, name);

/**
 * What the step's part of the start request (REGISTRATION_STEP_SCHEMAS) refuses, field by field:
 * each field's first refusal, with the code and params the server answers it with.
 */
function stepRefusals(name: TRegistrationStep, draft: TRegistrationDraft) {
  const refusals: Partial<Record<TStepField, TFieldRefusal>> = {};
  for (const issue of REGISTRATION_STEP_SCHEMAS[name].safeParse(stepFields(draft)).error?.issues ?? []) {
    const field = issue.path[0] as TStepField;
    refusals[field] ??= refusalOf(issue.message);
  }
  if (name === 'account') {
    const phone = phoneRefusal(draft);
    if (phone) refusals.phone_number = phone;
  }
  return refusals;
}

/**
 * The problems that keep the user on this step; empty when Continue may go on. Steps 1 to 3 are
 * checked with the start request's own schemas (packages/shared) and the phone with the phone
 * checks once loaded, so they refuse what the server would refuse, in the spec's words.
 */
export function validateStep(step: number, draft: TRegistrationDraft): TDraftErrors {
  const name = WIZARD_STEPS[step];
  if (!name) return {};
  const errors: TDraftErrors = {};
  if (isCheckedStep(name)) {
    const refusals = stepRefusals(name, draft);
    for (const [field, refusal] of Object.entries(refusals) as [TStepField, TFieldRefusal][]) {
      errors[DRAFT_FIELD[field]] = wordsFor(field, refusal, draft);
    }
  }
  return { ...errors, ...wizardOnlyErrors(name, draft) };
}

/**
 * The draft's errors as @mantine/form keeps them: the wizard's key, or the refusal as a schema's
 * issue carries it (its code, then its params as JSON), so they are worded when shown and follow a
 * language switch.
 */
export function toFormErrors(errors: TDraftErrors): FormErrors {
  const form: FormErrors = {};
  for (const [field, error] of Object.entries(errors)) {
    form[field] = typeof error === 'string' ? error : `${error.code}${JSON.stringify(error.params)}`;
  }
  return form;
}

/** The draft's errors back from the form's (toFormErrors). */
export function fromFormErrors(errors: FormErrors): TDraftErrors {
  const draft: TDraftErrors = {};
  for (const [field, error] of Object.entries(errors)) {
    if (typeof error !== 'string') continue;
    // A refusal is a catalogue code (snake_case); the wizard's keys are camelCase, never a code.
    draft[field as TDraftField] = readRefusal(error) ?? (error as TDraftErrorKey);
  }
  return draft;
}

/**
 * Email-related start failures ask the user to fix the email on step 1: known by the
 * refusal's code and the field its params name, never by its text.
 */
export function isEmailError(error: unknown): boolean {
  return error instanceof ApiError && isRegistrationEmailRefusal(error.code, error.params);
}

/** A type's name and description as step 4 shows them in the wizard's language. */
export function typeWordingShown(draft: TRegistrationDraft, type: TMessageTypeKey, language: TUiLanguage) {
  const builtIn = defaultTypeWording(type, language);
  return { displayName: builtIn.displayName, description: draft.messageTypes[type] ?? builtIn.description };
}

export function toStartRequest(
  draft: TRegistrationDraft,
  language: TUiLanguage = currentLanguage(),
): TRegisterStartRequest {
  return {
    email: draft.email.trim(),
    password: draft.password,
    phone_number: phoneSent(draft),
    admin_full_name: draft.fullName.trim(),
    billing_email: draft.billingEmail.trim(),
    station_name: draft.stationName.trim(),
    display_name: draft.displayName.trim(),
    brand_color: draft.brandColor.trim(),
    ...stationLanguagesSent(draft, language),
    privacy_policy_url: draft.privacyPolicyUrl.trim(),
    terms_url: draft.termsUrl.trim(),
    time_zone: draft.timeZone,
    // What step 4 showed, so the station keeps these words for this language.
    message_types: MESSAGE_TYPES.map((type) => {
      const shown = typeWordingShown(draft, type.key, language);
      return {
        message_type: type.key,
        display_name: shown.displayName,
        description: shown.description.trim(),
        is_active: draft.messageTypesEnabled[type.key],
      };
    }),
    language,
  };
}
