// The signup draft (spec §3 Registration draft): its defaults, the checks of each step (spec §5)
// and the start request built from it. Kept in component state only: it holds a password.
import {
  checkUsPhone,
  defaultTypeWording,
  deriveStationId,
  HEX_COLOR_PATTERN,
  LIMITS,
  MESSAGE_TYPES,
  STATION_DEFAULTS,
  type TMessageTypeKey,
  type TRegisterStartRequest,
} from '@message-station/shared';
import { ApiError } from '../../api/client';
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
export type TDraftErrors = Partial<Record<TDraftField, TDraftErrorKey>>;

export const WIZARD_STEPS = ['account', 'station', 'branding', 'messageTypes', 'terms', 'verify'] as const;
export type TWizardStep = (typeof WIZARD_STEPS)[number];
export const TERMS_STEP = WIZARD_STEPS.indexOf('terms');
export const VERIFY_STEP = WIZARD_STEPS.indexOf('verify');

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

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function checkEmail(value: string, required: TDraftErrorKey, invalid: TDraftErrorKey) {
  if (!value.trim()) return required;
  return EMAIL_PATTERN.test(value.trim()) ? undefined : invalid;
}

function checkUrl(value: string, required: TDraftErrorKey, invalid: TDraftErrorKey) {
  if (!value.trim()) return required;
  return isHttpUrl(value.trim()) ? undefined : invalid;
}

function accountErrors(draft: TRegistrationDraft): TDraftErrors {
  const errors: TDraftErrors = {};
  if (!draft.fullName.trim()) errors.fullName = 'fullNameRequired';
  errors.email = checkEmail(draft.email, 'emailRequired', 'emailInvalid');
  errors.billingEmail = checkEmail(draft.billingEmail, 'billingEmailRequired', 'billingEmailInvalid');
  if (!draft.password) errors.password = 'passwordRequired';
  else if (draft.password.length < LIMITS.passwordMinLength) errors.password = 'passwordTooShort';
  if (draft.password && draft.confirmPassword !== draft.password) {
    errors.confirmPassword = 'passwordsDoNotMatch';
  }
  const phone = checkUsPhone(draft.phoneNumber);
  if (phone.problem === 'required') errors.phoneNumber = 'phoneRequired';
  else if (phone.problem === 'not_us') errors.phoneNumber = 'phoneNotUs';
  else if (phone.problem) errors.phoneNumber = 'phoneInvalid';
  return errors;
}

function stationErrors(draft: TRegistrationDraft): TDraftErrors {
  const errors: TDraftErrors = {};
  if (!draft.stationName.trim()) errors.stationName = 'stationNameRequired';
  else if (!deriveStationId(draft.stationName)) errors.stationName = 'stationNameNoId';
  if (!draft.displayName.trim()) errors.displayName = 'displayNameRequired';
  return errors;
}

function brandingErrors(draft: TRegistrationDraft): TDraftErrors {
  return {
    brandColor: HEX_COLOR_PATTERN.test(draft.brandColor.trim()) ? undefined : 'brandColorInvalid',
    supportedLanguages: draft.supportedLanguages.length > 0 ? undefined : 'languagesRequired',
    privacyPolicyUrl: checkUrl(draft.privacyPolicyUrl, 'privacyUrlRequired', 'privacyUrlInvalid'),
    termsUrl: checkUrl(draft.termsUrl, 'termsUrlRequired', 'termsUrlInvalid'),
  };
}

/** The problems that keep the user on this step; empty when Continue may go on. */
export function validateStep(step: number, draft: TRegistrationDraft): TDraftErrors {
  const checks: Partial<Record<TWizardStep, (value: TRegistrationDraft) => TDraftErrors>> = {
    account: accountErrors,
    station: stationErrors,
    branding: brandingErrors,
    terms: (value) => ({ termsConsent: value.termsConsent ? undefined : 'consentRequired' }),
  };
  const name = WIZARD_STEPS[step];
  const errors = name ? (checks[name]?.(draft) ?? {}) : {};
  return Object.fromEntries(Object.entries(errors).filter(([, key]) => key)) as TDraftErrors;
}

/** Refusals about the email address (decision 0028 codes). */
const EMAIL_CODES: ReadonlySet<string> = new Set([
  'registration_email_taken',
  'email_taken',
  'email_required',
  'email_invalid',
]);

/**
 * Email-related start failures ask the user to fix the email on step 1 (spec §4): known by the
 * refusal's code or the field it names, else (a reply without a code) by its English text.
 */
export function isEmailError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code) return EMAIL_CODES.has(error.code) || /e-?mail/i.test(String(error.params.field ?? ''));
  return /e-?mail/i.test(error.serverMessage);
}

/** A type's name and description as step 4 shows them in the wizard's language (issue 16). */
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
    // Refused numbers never get here (accountErrors); sent as typed, never reinterpreted.
    phone_number: checkUsPhone(draft.phoneNumber).e164 ?? draft.phoneNumber.trim(),
    admin_full_name: draft.fullName.trim(),
    billing_email: draft.billingEmail.trim(),
    station_name: draft.stationName.trim(),
    display_name: draft.displayName.trim(),
    brand_color: draft.brandColor.trim(),
    supported_languages: draft.supportedLanguages as TRegisterStartRequest['supported_languages'],
    privacy_policy_url: draft.privacyPolicyUrl.trim(),
    terms_url: draft.termsUrl.trim(),
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
