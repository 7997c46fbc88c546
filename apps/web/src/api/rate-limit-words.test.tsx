// Rate-limit refusals (decision 0019) worded by the client from their code and wait, in English
// as the server says them and in Spanish; the sign-in page shows them.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { setCookie } from '../test/cookies';
import { jsonResponse, mockSession, renderApp } from '../test/render-app';
import { ApiError, serverErrorText } from './client';
import { describeWait, rateLimitText } from './rate-limit-words';

const locked = (seconds: number) => ({
  error: 'Too many attempts. Please try again in 2 minutes.',
  code: 'rate_limited',
  rate_limit: 'sign_in',
  retry_after_seconds: seconds,
});

describe('rate-limit refusals', () => {
  it('say the wait in its largest unit, like the server', () => {
    expect([30, 60, 120, 3507, 3600, 86_300].map((s) => describeWait(s, 'en'))).toEqual([
      '30 seconds',
      '1 minute',
      '2 minutes',
      '58 minutes',
      '1 hour',
      '24 hours',
    ]);
    expect(describeWait(120, 'es')).toBe('2 minutos');
  });

  it('read in English as the server words them, and in Spanish in Spanish', async () => {
    expect(rateLimitText(locked(120))).toBe('Too many attempts. Please try again in 2 minutes.');
    expect(
      rateLimitText({ code: 'rate_limited', rate_limit: 'code_station', retry_after_seconds: 2400 }),
    ).toBe('This station has sent too many verification codes. Please try again in 40 minutes.');
    await i18n.changeLanguage('es');
    expect(
      rateLimitText({ code: 'rate_limited', rate_limit: 'code_cooldown', retry_after_seconds: 30 }),
    ).toBe('Espere 30 segundos antes de pedir un código nuevo.');
    expect(serverErrorText(new ApiError(429, 'x', locked(60)), 'fallback')).toBe(
      'Demasiados intentos. Vuelva a intentarlo en 1 minuto.',
    );
  });

  it('leave other refusals to the server’s text', () => {
    expect(rateLimitText({ error: 'Invalid email or password' })).toBeNull();
    expect(rateLimitText({ code: 'rate_limited', rate_limit: 'unknown', retry_after_seconds: 5 })).toBeNull();
    expect(serverErrorText(new ApiError(429, 'x', { error: 'Slow down.' }), 'fallback')).toBe('Slow down.');
  });

  it('show on the sign-in page in the interface language', async () => {
    await i18n.changeLanguage('es');
    setCookie('csrf_token', 't9');
    mockSession(null, { 'POST /auth/login': () => jsonResponse(locked(120), 429) });
    renderApp('/admin/login');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/Correo electrónico/), 'ana@demoradio.org');
    await user.type(screen.getByLabelText(/Contraseña/), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Demasiados intentos. Vuelva a intentarlo en 2 minutos.',
    );
  });
});
