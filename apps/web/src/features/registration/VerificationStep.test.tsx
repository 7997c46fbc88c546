import type { TRegisterStartResponse } from '@message-station/shared';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { codeText } from '../../api/error-words';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../../app/query-client';
import i18n from '../../i18n';
import { bodiesSentTo } from '../../test/api-mock';
import { setCookie } from '../../test/cookies';
import { jsonResponse, mockSession, sessionUser } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import { startReply } from './signup-test-helpers';
import { VerificationStep } from './VerificationStep';

type HarnessProps = { initial: TRegisterStartResponse | null; logo?: File | null };

function Harness({ initial, logo = null }: HarnessProps) {
  const [registration, setRegistration] = useState(initial);
  return <VerificationStep registration={registration} logo={logo} onRegistrationChange={setRegistration} />;
}

function renderStep(registration: TRegisterStartResponse | null, logo: File | null = null) {
  const router = createMemoryRouter(
    [
      { path: '/signup', element: <Harness initial={registration} logo={logo} /> },
      { path: '/', element: <p>Home page</p> },
      { path: '/admin/dashboard', element: <p>Dashboard page</p> },
    ],
    { initialEntries: ['/signup'] },
  );
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const MINUTE = 60_000;

describe('VerificationStep timers', () => {
  beforeEach(() => {
    // Only the clock and intervals: promises and React's scheduling keep running normally.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    setCookie('csrf_token', 'v1');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows 'Sending verification code' until the registration has started", () => {
    renderStep(null);
    expectShown(screen.getByText('Sending verification code'));
  });

  it('counts the 10 minutes down every second, turns red under 20 percent, then says the code expired', () => {
    renderStep(startReply({ resend_available_at: new Date(Date.now() + 30_000).toISOString() }));
    expectShown(screen.getByText('Code expires in 10:00'));
    expect((screen.getByRole('button', { name: 'Resend Code' }) as HTMLButtonElement).disabled).toBe(true);
    expectShown(screen.getByText('You can request a new code in 30 s.'));

    act(() => vi.advanceTimersByTime(1000));
    expectShown(screen.getByText('Code expires in 9:59'));
    expect(screen.getByRole('progressbar').getAttribute('style')).toContain('green');

    act(() => vi.advanceTimersByTime(8 * MINUTE + 59_000));
    expectShown(screen.getByText('Code expires in 1:00'));
    expect(screen.getByRole('progressbar').getAttribute('style')).toContain('red');

    act(() => vi.advanceTimersByTime(MINUTE));
    expectShown(screen.getByText('Verification code expired. Please request a new one.'));
    expect((screen.getByRole('button', { name: 'Resend Code' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('resends a new code, which restarts the countdown and shows the new test code', async () => {
    mockSession(null, {
      'POST /api/register/resend': () =>
        jsonResponse({
          code_expires_at: new Date(Date.now() + 10 * MINUTE).toISOString(),
          resend_available_at: new Date(Date.now() + 30_000).toISOString(),
          test_code: '654321',
        }),
    });
    renderStep(startReply({ test_code: '123456' }));
    act(() => vi.advanceTimersByTime(10 * MINUTE));
    expectShown(screen.getByText('Verification code expired. Please request a new one.'));

    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.click(screen.getByRole('button', { name: 'Resend Code' }));

    expectShown(await screen.findByText('Test mode: your code is 654321'));
    expectShown(screen.getByText('Code expires in 10:00'));
    expectShown(screen.getByText('A new code was sent.'));
  });

  it("alerts 'Registration expired. Please start over.' after 24 hours and goes home", () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const router = renderStep(
      startReply({
        expires_at: new Date(Date.now() + 5000).toISOString(),
        code_expires_at: new Date(Date.now() + 10 * MINUTE).toISOString(),
      }),
    );
    act(() => vi.advanceTimersByTime(4000));
    expect(alert).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1000));
    expect(alert).toHaveBeenCalledWith('Registration expired. Please start over.');
    expect(alert).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('VerificationStep logo upload', () => {
  it('uploads the chosen logo after verifying; a refused upload is reported and the dashboard still opens', async () => {
    setCookie('csrf_token', 'v2');
    const fetchMock = mockSession(null, {
      'POST /api/register/verify': () => jsonResponse(sessionUser()),
      'POST /admin/api/station/logo': () =>
        jsonResponse(
          {
            error: 'File type must be: png, jpg, jpeg',
            code: 'logo_wrong_type',
            params: { types: 'png, jpg, jpeg' },
          },
          400,
        ),
    });
    const logo = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    const router = renderStep(startReply(), logo);
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByLabelText('Digit 1 of the verification code'));
    await user.keyboard('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expectShown(await screen.findByText('Dashboard page'));
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    // The notifications container loads on demand, so the notice arrives a moment later.
    expectShown(
      await screen.findByText(
        'Your station was created, but the logo could not be uploaded: File type must be: png, jpg, jpeg. You can upload it again in Settings.',
      ),
    );
    const [form] = bodiesSentTo<FormData>(fetchMock, 'POST', '/admin/api/station/logo');
    expect(form?.get('logo')).toHaveProperty('name', 'logo.png');
  });
});

// Refusals by code (decision 0028): worded in the page's language, and recognised by code.
describe('VerificationStep in Spanish', () => {
  it('shows a wrong verification code in Spanish with the attempts left', async () => {
    await i18n.changeLanguage('es');
    setCookie('csrf_token', 'e2');
    mockSession(null, {
      'POST /api/register/verify': () =>
        jsonResponse(
          {
            error: 'Invalid verification code. 4 attempts left.',
            code: 'verification_code_invalid',
            params: { attempts_left: 4 },
          },
          400,
        ),
    });
    renderStep(startReply());
    await typeCode();
    expectShown(await screen.findByText('Código de verificación no válido. Quedan 4 intentos.'));
    expect(screen.queryByText(/attempts left/)).toBeNull();
  });

  it('refuses an incomplete code as the server would (verification_code_format), and sends nothing', async () => {
    await i18n.changeLanguage('es');
    setCookie('csrf_token', 'e4');
    const fetchMock = mockSession(null, { 'POST /api/register/verify': () => jsonResponse(sessionUser()) });
    renderStep(startReply());
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByLabelText(/Dígito 1/));
    await user.keyboard('123');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    // The words of the server's refusal of the same code, in the interface language.
    expectShown(await screen.findByText('Introduzca el código de verificación de 6 dígitos.'));
    expect(codeText('verification_code_format', {})).toBe(
      'Introduzca el código de verificación de 6 dígitos.',
    );
    expect(bodiesSentTo(fetchMock, 'POST', '/api/register/verify')).toEqual([]);
  });

  it('knows an expired registration by its code in Spanish too, and goes home', async () => {
    await i18n.changeLanguage('es');
    setCookie('csrf_token', 'e3');
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    mockSession(null, {
      'POST /api/register/verify': () =>
        jsonResponse(
          { error: 'Registration expired. Please start over.', code: 'registration_expired', params: {} },
          410,
        ),
    });
    const router = renderStep(startReply());
    await typeCode();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(alert).toHaveBeenCalledWith('El registro ha caducado. Vuelva a empezar.');
  });
});

async function typeCode() {
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByLabelText(/Dígito 1/));
  await user.keyboard('123456');
  await user.click(screen.getByRole('button', { name: 'Verificar' }));
}
