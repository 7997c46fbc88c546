// Refusals by code (decision 0028): every catalogue code is worded in en and es, the English word
// for word as the server sends it; ApiError's message is the interface language's text, shown by
// the pages that show `error.message` without knowing about codes (a page: VerificationStep.test).
import {
  ERROR_CODES,
  errorTemplateParams,
  errorText,
  REGISTRATION_STEP_FIELDS,
  registrationStepRefusals,
  type TErrorCode,
  type TErrorTemplate,
} from '@message-station/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import en from '../locales/en/errors.json';
import es from '../locales/es/errors.json';
import { jsonResponse, mockSession } from '../test/render-app';
import { ApiError, api, loadErrorWords, serverErrorText } from './client';

type TWords = Record<string, unknown>;

/** The keys the translator reads for a code, and the catalogue text each must equal in English. */
function keysOf(code: string, template: TErrorTemplate): [string[], string][] {
  if (typeof template === 'string') return [[[code], template]];
  if ('count' in template) {
    return [
      [[`${code}_one`], template.one],
      [[`${code}_other`], template.other],
    ];
  }
  return Object.entries(template.cases).map(([name, text]) => [[code, name], text]);
}

function lookUp(words: TWords, path: string[]): unknown {
  return path.reduce<unknown>((node, key) => (node as TWords | undefined)?.[key], words);
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);

const refusal = (code: TErrorCode, error: string, params: Record<string, unknown> = {}) => ({
  error,
  code,
  params,
});

/** What api() throws for a refusal the server words as the catalogue says. */
function refused(code: TErrorCode, params: Record<string, unknown> = {}, status = 400) {
  const english = errorText(code, params);
  return new ApiError(status, english, refusal(code, english, params));
}

describe('error codes in words', () => {
  // api() loads the wording with its first refusal; these tests make refusals by hand.
  beforeAll(() => loadErrorWords());

  it('has every catalogue code in en (the server’s words) and es, naming only its params', () => {
    const entries = Object.entries(ERROR_CODES) as [TErrorCode, TErrorTemplate][];
    expect(entries.length).toBeGreaterThan(100);
    for (const [code, template] of entries) {
      const params = errorTemplateParams(template);
      for (const [path, english] of keysOf(code, template)) {
        expect(lookUp(en, path), `en ${path.join('.')}`).toBe(english);
        const spanish = lookUp(es, path);
        expect(typeof spanish, `es ${path.join('.')}`).toBe('string');
        expect(spanish, `es ${path.join('.')}`).not.toBe('');
        for (const name of placeholders(spanish as string)) {
          expect(params, `es ${path.join('.')} names {{${name}}}`).toContain(name);
        }
      }
    }
    // Nothing worded that the catalogue does not have (field names aside).
    const known = new Set(Object.keys(ERROR_CODES).flatMap((code) => [code, `${code}_one`, `${code}_other`]));
    for (const key of Object.keys(es)) if (key !== 'fields') expect(known, key).toContain(key);
  });

  it('words a refusal in Spanish with its numbers and plural', async () => {
    await i18n.changeLanguage('es');
    const four = refused('verification_code_invalid', { attempts_left: 4 });
    expect(four.message).toBe('Código de verificación no válido. Quedan 4 intentos.');
    expect(four.serverMessage).toBe('Invalid verification code. 4 attempts left.');
    expect(four.code).toBe('verification_code_invalid');
    expect(four.params).toEqual({ attempts_left: 4 });
    const one = refused('verification_code_invalid', { attempts_left: 1 });
    expect(one.message).toBe('Código de verificación no válido. Queda 1 intento.');
    const long = refused('field_too_long', { field: 'Message text', max: 1600 });
    expect(long.serverMessage).toBe('Message text must be at most 1,600 characters.');
    expect(long.message).toBe('«Texto del mensaje» debe tener como máximo 1600 caracteres.');
    const credits = refused('not_enough_credits', { needed: 12_000, available: 40 }, 402);
    expect(credits.message).toBe(
      'No hay suficientes créditos de SMS: este mensaje necesita 12.000 créditos y a la estación le quedan 40.',
    );
  });

  it('keeps English as the server words it, and the server’s text for a code it does not know', async () => {
    const english = refused('verification_code_invalid', { attempts_left: 1 });
    expect(english.message).toBe('Invalid verification code. 1 attempt left.');
    await i18n.changeLanguage('es');
    const unknown = new ApiError(418, 'I am a teapot.', {
      error: 'I am a teapot.',
      code: 'teapot',
      params: {},
    });
    expect(unknown.message).toBe('I am a teapot.');
    expect(serverErrorText(unknown, 'fallback')).toBe('I am a teapot.');
    const noCode = new ApiError(400, 'Plain words.', { error: 'Plain words.' });
    expect(noCode.message).toBe('Plain words.');
    expect(serverErrorText(new Error('boom'), 'fallback')).toBe('fallback');
    const offline = new ApiError(0, 'Network error. Please try again.');
    expect(offline.message).toBe('Error de red. Inténtelo de nuevo.');
    expect(offline.code).toBe('network_error');
    expect(serverErrorText(offline, 'fallback')).toBe('fallback');
  });

  it('words what api() throws in the interface language', async () => {
    await i18n.changeLanguage('es');
    mockSession(null, {
      'POST /auth/login': () => jsonResponse(refusal('invalid_login', 'Invalid email or password'), 401),
    });
    const failure = await api('/auth/login', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect((failure as ApiError).message).toBe('Correo electrónico o contraseña no válidos.');
    expect(serverErrorText(failure, 'fallback')).toBe('Correo electrónico o contraseña no válidos.');
  });

  it('words the field every signup refusal names, in en and es', () => {
    // Each field of steps 1 to 3 refused empty, too long and as a wrong kind of value.
    const values: unknown[] = ['', 'x'.repeat(3000), 'not valid', [], 5];
    const named = new Set<string>();
    for (const step of Object.keys(REGISTRATION_STEP_FIELDS) as (keyof typeof REGISTRATION_STEP_FIELDS)[]) {
      for (const field of REGISTRATION_STEP_FIELDS[step]) {
        for (const value of values) {
          const refusal = registrationStepRefusals(step, { [field]: value })[field];
          if (typeof refusal?.params.field === 'string') named.add(refusal.params.field);
        }
      }
    }
    expect(named.size).toBeGreaterThan(5);
    for (const field of named) {
      expect(en.fields, `en fields.${field}`).toHaveProperty([field]);
      expect(es.fields, `es fields.${field}`).toHaveProperty([field]);
    }
  });
});
