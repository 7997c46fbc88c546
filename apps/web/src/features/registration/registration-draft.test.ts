// Step 4 sends what it showed (the type names and descriptions in the wizard's language); steps 1
// to 3 are checked with the start request's own schemas; start refusals are known by their code.
import {
  errorText,
  MESSAGE_TYPE_WORDING,
  type TErrorCode,
  TEXT_LIMITS,
  ZRegisterStartRequest,
} from '@message-station/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { loadUsPhoneCheck } from '../../components/UsPhoneInput';
import {
  applyDraftChange,
  browserStationTimeZone,
  initialDraft,
  isEmailError,
  type TRegistrationDraft,
  toStartRequest,
  typeWordingShown,
  validateStep,
} from './registration-draft';

// The phone is checked by the checks UsPhoneInput loads on first use (decision 0062); a step's
// Continue waits for them (afterUsPhoneCheck), as these tests do.
beforeAll(() => loadUsPhoneCheck());

describe('signup time zone', () => {
  it("starts as this browser's zone when the list has it, else Eastern", () => {
    expect(browserStationTimeZone('America/Los_Angeles')).toBe('America/Los_Angeles');
    expect(browserStationTimeZone('Pacific/Honolulu')).toBe('Pacific/Honolulu');
    expect(browserStationTimeZone('Europe/Madrid')).toBe('America/New_York');
    expect(browserStationTimeZone('UTC')).toBe('America/New_York');
  });

  it('sends the chosen zone, which the start request accepts', () => {
    const draft = { ...initialDraft('https://example.test'), timeZone: 'America/Chicago' as const };
    const request = toStartRequest(draft, 'en');
    expect(request.time_zone).toBe('America/Chicago');
    expect(ZRegisterStartRequest.shape.time_zone.safeParse(request.time_zone).success).toBe(true);
  });
});

describe('signup primary language', () => {
  it("sends the wizard's language as the primary until one is chosen, always among the languages", () => {
    const draft = initialDraft('https://example.test');
    expect(toStartRequest(draft, 'es')).toMatchObject({
      primary_language: 'es',
      supported_languages: ['en', 'es'],
    });
    expect(toStartRequest(draft, 'en')).toMatchObject({
      primary_language: 'en',
      supported_languages: ['en'],
    });
    const chosen = { ...filledDraft(), primaryLanguage: 'ja' as const, supportedLanguages: ['es', 'en'] };
    const request = toStartRequest(chosen, 'es');
    expect(request).toMatchObject({ primary_language: 'ja', supported_languages: ['en', 'es', 'ja'] });
    expect(ZRegisterStartRequest.safeParse(request).success).toBe(true);
    // Nothing ticked but the primary: still a language, nothing to refuse.
    expect(validateStep(2, { ...filledDraft(), supportedLanguages: [], primaryLanguage: 'fr' })).toEqual({});
  });

  it('refuses a primary language outside the nine by the code the server answers', () => {
    const draft = { ...filledDraft(), primaryLanguage: 'xx' } as unknown as TRegistrationDraft;
    expect(validateStep(2, draft)).toEqual({
      primaryLanguage: {
        code: 'primary_language_unknown',
        params: { languages: 'en, es, fr, de, it, pt, zh, ja, ko' },
      },
    });
  });
});

describe('signup step 4 wording', () => {
  it('sends the Spanish names and descriptions a Spanish wizard showed, and its language', () => {
    const draft = initialDraft('https://example.test');
    const request = toStartRequest(draft, 'es');
    expect(request.language).toBe('es');
    expect(request.message_types?.[0]).toEqual({
      message_type: 'emergency',
      display_name: 'Emergencia',
      description: MESSAGE_TYPE_WORDING.es.emergency.description,
      is_active: true,
    });
  });

  it('keeps an edited description whatever the language, and rewords the others', () => {
    const draft = {
      ...initialDraft('https://example.test'),
      messageTypes: { alert: '  Cortes de carretera ' },
    };
    expect(typeWordingShown(draft, 'alert', 'es')).toEqual({
      displayName: 'Alerta',
      description: '  Cortes de carretera ',
    });
    expect(typeWordingShown(draft, 'station', 'en').description).toBe(
      MESSAGE_TYPE_WORDING.en.station.description,
    );
    const request = toStartRequest(draft, 'en');
    expect(request.message_types?.find((type) => type.message_type === 'alert')).toMatchObject({
      display_name: 'Alert',
      description: 'Cortes de carretera',
    });
  });
});

function filledDraft(): TRegistrationDraft {
  const draft = applyDraftChange(initialDraft('https://example.test'), {
    fullName: 'Ana Rivera',
    email: 'ana@kxyz.org',
    billingEmail: 'billing@kxyz.org',
    password: 'correct horse',
    confirmPassword: 'correct horse',
    phoneNumber: '(415) 555-0134',
    stationName: 'KXYZ Radio',
  });
  return { ...draft, termsConsent: true };
}

const refusedWith = (code: TErrorCode, params: Record<string, unknown> = {}) =>
  new ApiError(409, errorText(code, params), { error: errorText(code, params), code, params });

describe('signup step checks (the start request’s own schemas)', () => {
  it('asks for every empty field of step 1 in the wizard’s words', () => {
    expect(validateStep(0, initialDraft('https://example.test'))).toEqual({
      fullName: 'fullNameRequired',
      email: 'emailRequired',
      billingEmail: 'billingEmailRequired',
      password: 'passwordRequired',
      phoneNumber: 'phoneRequired',
    });
  });

  it('words each refusal of steps 1 to 3 as the spec does', () => {
    const draft = {
      ...filledDraft(),
      email: 'ana@',
      billingEmail: 'billing',
      password: 'short',
      confirmPassword: 'other',
      phoneNumber: '+33 7 81 23 45 67',
    };
    expect(validateStep(0, draft)).toEqual({
      email: 'emailInvalid',
      billingEmail: 'billingEmailInvalid',
      password: 'passwordTooShort',
      confirmPassword: 'passwordsDoNotMatch',
      phoneNumber: 'phoneNotUs',
    });
    expect(validateStep(0, { ...filledDraft(), phoneNumber: '555-0100' })).toEqual({
      phoneNumber: 'phoneInvalid',
    });
    expect(validateStep(1, applyDraftChange(filledDraft(), { stationName: '!!!' }))).toEqual({
      stationName: 'stationNameNoId',
    });
    expect(validateStep(1, applyDraftChange(filledDraft(), { stationName: ' ', displayName: '' }))).toEqual({
      stationName: 'stationNameRequired',
      displayName: 'displayNameRequired',
    });
    expect(
      validateStep(2, {
        ...filledDraft(),
        brandColor: 'blue',
        privacyPolicyUrl: 'javascript:alert(1)',
        termsUrl: '',
      }),
    ).toEqual({
      brandColor: 'brandColorInvalid',
      privacyPolicyUrl: 'privacyUrlInvalid',
      termsUrl: 'termsUrlRequired',
    });
    expect(validateStep(4, { ...filledDraft(), termsConsent: false })).toEqual({
      termsConsent: 'consentRequired',
    });
  });

  it('refuses a time zone off the list by the code the server answers (time_zone_unknown)', () => {
    const draft = { ...filledDraft(), timeZone: 'Europe/Paris' } as unknown as TRegistrationDraft;
    expect(validateStep(2, draft)).toEqual({ timeZone: { code: 'time_zone_unknown', params: {} } });
    expect(ZRegisterStartRequest.safeParse(toStartRequest(draft, 'en')).error?.issues[0]?.message).toBe(
      'time_zone_unknown',
    );
  });

  it('keeps the server’s code for a refusal the wizard has no words of its own for', () => {
    const long = 'A'.repeat(TEXT_LIMITS.name + 1);
    expect(validateStep(0, { ...filledDraft(), fullName: long })).toEqual({
      fullName: { code: 'field_too_long', params: { field: 'Full name', max: TEXT_LIMITS.name } },
    });
  });

  it('lets a draft past steps 1 to 5 exactly when the server would take its start request', () => {
    const drafts = [
      filledDraft(),
      { ...filledDraft(), email: 'ana@' },
      { ...filledDraft(), phoneNumber: '+44 20 7946 0958' },
      applyDraftChange(filledDraft(), { stationName: '---' }),
      { ...filledDraft(), brandColor: '#12345' },
      { ...filledDraft(), termsUrl: 'ftp://example.test/terms' },
      { ...filledDraft(), fullName: 'B'.repeat(TEXT_LIMITS.name + 1) },
    ];
    for (const draft of drafts) {
      const wizard = [0, 1, 2, 3, 4].every((step) => Object.keys(validateStep(step, draft)).length === 0);
      expect(wizard).toBe(ZRegisterStartRequest.safeParse(toStartRequest(draft, 'en')).success);
    }
    expect(ZRegisterStartRequest.safeParse(toStartRequest(filledDraft(), 'en')).success).toBe(true);
  });
});

describe('isEmailError (by code, never by text)', () => {
  it('knows a taken email and a refused email field by code and field', () => {
    expect(isEmailError(refusedWith('registration_email_taken'))).toBe(true);
    expect(isEmailError(refusedWith('email_invalid', { field: 'billing email' }))).toBe(true);
    expect(isEmailError(refusedWith('field_required', { field: 'Email address' }))).toBe(true);
    expect(isEmailError(refusedWith('field_too_long', { field: 'Email address', max: 254 }))).toBe(true);
  });

  it('is false for other refusals, whatever their words say', () => {
    expect(isEmailError(refusedWith('station_id_taken', { station_id: 'kxyz' }))).toBe(false);
    expect(isEmailError(refusedWith('field_required', { field: 'Full name' }))).toBe(false);
    const noCode = new ApiError(409, 'This email is taken', { error: 'This email is taken' });
    expect(isEmailError(noCode)).toBe(false);
    expect(isEmailError(new Error('email'))).toBe(false);
  });
});
