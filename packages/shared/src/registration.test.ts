// The signup wizard's step checks are the start request's schema, answered with the server's codes.
import { describe, expect, it } from 'vitest';
import { errorText } from './error-codes.js';
import {
  isRegistrationEmailRefusal,
  REGISTRATION_STEP_FIELDS,
  REGISTRATION_STEP_SCHEMAS,
  registrationStepRefusals,
  ZRegisterStartRequest,
} from './registration.js';

describe('registrationStepRefusals', () => {
  it('names each refused field of a step with the code and params of its sentence', () => {
    const refusals = registrationStepRefusals('account', {
      admin_full_name: ' ',
      email: 'ana@',
      billing_email: 'billing@kxyz.org',
      password: 'short',
      phone_number: '+44 20 7946 0958',
    });
    expect(refusals).toEqual({
      admin_full_name: { code: 'field_required', params: { field: 'Full name' } },
      email: { code: 'email_invalid', params: { field: 'email address' } },
      password: { code: 'password_too_short', params: {} },
      phone_number: { code: 'phone_not_us', params: {} },
    });
    // The code's English is the schema's own sentence: what the server answers.
    expect(errorText('email_invalid', { field: 'email address' })).toBe(
      'Please enter a valid email address.',
    );
    expect(registrationStepRefusals('station', { station_name: '!!!', display_name: 'KXYZ' })).toEqual({
      station_name: { code: 'station_name_letters', params: {} },
    });
    expect(
      registrationStepRefusals('branding', {
        brand_color: '#007bff',
        supported_languages: ['en'],
        privacy_policy_url: 'https://kxyz.org/privacy',
        terms_url: 'https://kxyz.org/terms',
      }),
    ).toEqual({});
  });

  it('covers every field of the start request that has no default, once', () => {
    const stepped = Object.values(REGISTRATION_STEP_FIELDS).flat();
    expect(new Set(stepped).size).toBe(stepped.length);
    const required = Object.entries(ZRegisterStartRequest.shape)
      .filter(([, schema]) => !schema.safeParse(undefined).success)
      .map(([field]) => field);
    for (const field of required) expect(stepped).toContain(field);
  });
});

describe('REGISTRATION_STEP_SCHEMAS', () => {
  it("are each step's fields of the start request, the phone aside, with the start request's rules", () => {
    for (const step of Object.keys(REGISTRATION_STEP_FIELDS) as (keyof typeof REGISTRATION_STEP_FIELDS)[]) {
      const fields = Object.keys(REGISTRATION_STEP_SCHEMAS[step].shape);
      expect(fields.sort(), step).toEqual(
        REGISTRATION_STEP_FIELDS[step].filter((field) => field !== 'phone_number').sort(),
      );
      for (const field of fields) {
        expect(ZRegisterStartRequest.shape[field as keyof typeof ZRegisterStartRequest.shape], field).toBe(
          (REGISTRATION_STEP_SCHEMAS[step].shape as Record<string, unknown>)[field],
        );
      }
    }
  });
});

describe('isRegistrationEmailRefusal', () => {
  it('knows an email refusal by its code and the field its params name', () => {
    expect(isRegistrationEmailRefusal('registration_email_taken', {})).toBe(true);
    expect(isRegistrationEmailRefusal('email_invalid', { field: 'billing email' })).toBe(true);
    expect(isRegistrationEmailRefusal('field_too_long', { field: 'Email address', max: 254 })).toBe(true);
    expect(isRegistrationEmailRefusal('station_id_taken', { station_id: 'kxyz' })).toBe(false);
    expect(isRegistrationEmailRefusal('field_required', { field: 'Full name' })).toBe(false);
    expect(isRegistrationEmailRefusal(null, {})).toBe(false);
  });
});
