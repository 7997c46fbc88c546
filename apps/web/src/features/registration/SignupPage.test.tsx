import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { botCheckHandlers, passBotCheck } from '../../components/bot-check-test-helpers';
import i18n from '../../i18n';
import { bodiesSentTo } from '../../test/api-mock';
import { setCookie } from '../../test/cookies';
import { jsonResponse, mockSession, renderApp, sessionUser } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import {
  ACCOUNT,
  clickContinue,
  completeStepsOneToFive,
  fill,
  fillAccountStep,
  SIGNUP_BOT_CHECK_PAYLOAD,
  startReply,
} from './signup-test-helpers';

vi.mock('altcha/external', () => ({}));

function errorTexts(): string[] {
  return Array.from(document.querySelectorAll('.mantine-InputWrapper-error, .mantine-Checkbox-error')).map(
    (node) => node.textContent ?? '',
  );
}

describe('SignupPage step 1', () => {
  it('names every empty field, then a short password and a mismatch, without leaving the step', async () => {
    mockSession(null);
    renderApp('/signup');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { level: 1, name: 'Create Your Station' });

    await clickContinue(user);
    // Continue waits for the phone checks, which load on demand (decision 0062).
    await waitFor(() => expect(errorTexts()).toHaveLength(5));
    expect(errorTexts()).toEqual([
      'Full name is required.',
      'Email address is required.',
      'Billing email is required.',
      'Password is required.',
      'Phone number is required.',
    ]);

    await fillAccountStep(user, { ...ACCOUNT, password: 'short' });
    await user.clear(screen.getByLabelText(/^Confirm Password/));
    await user.type(screen.getByLabelText(/^Confirm Password/), 'different');
    await clickContinue(user);
    expectShown(screen.getByText('Password must be at least 8 characters long.'));
    expectShown(screen.getByText('Passwords do not match.'));
    expectShown(screen.getByText('Admin account'));
  });

  it('refuses a French number on Continue, keeping the step and sending nothing', async () => {
    const fetchMock = mockSession(null);
    renderApp('/signup');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { level: 1, name: 'Create Your Station' });
    await fillAccountStep(user, { ...ACCOUNT, phone: '+33 7 81 23 45 67' });
    await clickContinue(user);
    await waitFor(() => expect(errorTexts()).toEqual(['Only US phone numbers (+1) can be used.']));
    expectShown(screen.getByText('Admin account'));
    expect(fetchMock.requests.filter((sent) => sent.url.pathname.startsWith('/api/register'))).toEqual([]);
  });

  it('shows the same texts in Spanish', async () => {
    await i18n.changeLanguage('es');
    mockSession(null);
    renderApp('/signup');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { level: 1, name: 'Cree su estación' });

    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(errorTexts()).toHaveLength(5));
    expect(errorTexts()).toEqual([
      'El nombre completo es obligatorio.',
      'El correo electrónico es obligatorio.',
      'El correo de facturación es obligatorio.',
      'La contraseña es obligatoria.',
      'El número de teléfono es obligatorio.',
    ]);

    await user.type(screen.getByLabelText(/^Contraseña/), 'short');
    await user.type(screen.getByLabelText(/^Confirmar contraseña/), 'other');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expectShown(screen.getByText('La contraseña debe tener al menos 8 caracteres.'));
    expectShown(screen.getByText('Las contraseñas no coinciden.'));
  });

  it('formats the phone as (555) 123-4567 (14 characters) and never slices extra digits or a country code', async () => {
    mockSession(null);
    renderApp('/signup');
    const user = userEvent.setup({ delay: null });
    const phone = (await screen.findByLabelText(/^Phone Number/)) as HTMLInputElement;
    await user.type(phone, '4155550134');
    expect(phone.value).toBe('(415) 555-0134');
    await user.type(phone, '99');
    expect(phone.value).toBe('(415) 555-013499');
    await user.clear(phone);
    await user.type(phone, '+1 415 555 0134');
    expect(phone.value).toBe('(415) 555-0134');
    await user.clear(phone);
    await user.type(phone, '+33 7 81 23 45 67');
    expect(phone.value).toBe('+33 7 81 23 45 67');
  });
});

describe('SignupPage step 2', () => {
  it('derives the station ID live and lets the display name follow the name until edited', async () => {
    mockSession(null);
    renderApp('/signup');
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText(/^Full Name/);
    await fillAccountStep(user);
    await clickContinue(user);

    const name = screen.getByLabelText(/^Station Name/);
    const stationId = screen.getByLabelText('Station ID') as HTMLInputElement;
    const displayName = screen.getByLabelText(/^Display Name/) as HTMLInputElement;
    expect(stationId.readOnly).toBe(true);
    expectShown(screen.getByText('Your station ID is permanent and can never change.'));

    await user.type(name, 'KXYZ 101.5');
    expect(stationId.value).toBe('kxyz1015');
    expect(displayName.value).toBe('KXYZ 101.5');

    await user.type(name, ' FM!');
    expect(stationId.value).toBe('kxyz1015fm');
    expect(displayName.value).toBe('KXYZ 101.5 FM!');

    await user.clear(displayName);
    await user.type(displayName, 'KXYZ Radio');
    await user.type(name, ' Springfield Community Station');
    expect(stationId.value).toBe('kxyz1015fmspringfiel');
    expect(stationId.value.length).toBeLessThanOrEqual(20);
    expect(displayName.value).toBe('KXYZ Radio');
  });

  it('asks for a station name with letters or digits', async () => {
    mockSession(null);
    renderApp('/signup');
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText(/^Full Name/);
    await fillAccountStep(user);
    await clickContinue(user);
    await fill(user, 'Station Name', '!!!');
    await clickContinue(user);
    expectShown(screen.getByText('Station name must contain letters or digits.'));
  });

  it('says a taken ID on step 2 as the name is typed, offers a free one, and keeps Continue there', async () => {
    const api = mockSession(null, {
      'GET /api/register/station-id': (url) => {
        const id = url.searchParams.get('id') ?? '';
        const taken = id === 'kxyzradio';
        return jsonResponse({ station_id: id, available: !taken, suggestion: taken ? 'kxyzradio2' : null });
      },
    });
    renderApp('/signup');
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText(/^Full Name/);
    await fillAccountStep(user);
    await clickContinue(user);

    await fill(user, 'Station Name', 'KXYZ Radio');
    const taken = 'Station ID "kxyzradio" is already taken. Please choose a different station name.';
    expectShown(await screen.findByText(taken));
    expectShown(screen.getByText('Add your city or a number to the station name. kxyzradio2 is free.'));
    await clickContinue(user);
    expectShown(screen.getByText(taken));
    expectShown(screen.getByText('Station identity'));

    await user.click(screen.getByRole('button', { name: 'Use “KXYZ Radio 2”' }));
    expect((screen.getByLabelText(/^Station Name/) as HTMLInputElement).value).toBe('KXYZ Radio 2');
    expect((screen.getByLabelText('Station ID') as HTMLInputElement).value).toBe('kxyzradio2');
    // Subscribers still see the name as typed: only the ID had to change.
    expect((screen.getByLabelText(/^Display Name/) as HTMLInputElement).value).toBe('KXYZ Radio');
    expectShown(await screen.findByText('This ID is free.'));
    expect(screen.queryByText(taken)).toBeNull();
    await clickContinue(user);
    expectShown(await screen.findByText('Supported Languages'));
    const checked = api.requests
      .filter((sent) => sent.url.pathname === '/api/register/station-id')
      .map((sent) => sent.url.searchParams.get('id'));
    expect(new Set(checked)).toEqual(new Set(['kxyzradio', 'kxyzradio2']));
  });
});

describe('SignupPage start and verification', () => {
  it('offers to return to step 1 when starting fails, mentioning the email for an email error', async () => {
    setCookie('csrf_token', 'c1');
    const emailTaken = 'An account with this email already exists. Please sign in or use a different email.';
    mockSession(null, {
      ...botCheckHandlers,
      'POST /api/register/start': () =>
        jsonResponse({ error: emailTaken, code: 'registration_email_taken', params: {} }, 409),
    });
    renderApp('/signup');
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText(/^Full Name/);
    await completeStepsOneToFive(user);

    const dialog = await screen.findByRole('dialog');
    expectShown(within(dialog).getByText(`Registration failed: ${emailTaken}`));
    expectShown(within(dialog).getByText('Do you want to return to step 1 to fix your email address?'));
    await user.click(within(dialog).getByRole('button', { name: 'Return to Step 1' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe(ACCOUNT.email);
    expectShown(screen.getByText('Admin account'));
  });

  it('stays on the terms when the user keeps the step after a station error', async () => {
    setCookie('csrf_token', 'c2');
    const taken = 'Station ID "kxyzradio1015" is already taken. Please choose a different station name.';
    mockSession(null, {
      ...botCheckHandlers,
      'POST /api/register/start': () =>
        jsonResponse(
          { error: taken, code: 'station_id_taken', params: { station_id: 'kxyzradio1015' } },
          409,
        ),
    });
    renderApp('/signup');
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText(/^Full Name/);
    await completeStepsOneToFive(user);

    // Another signup took the ID after step 2 found it free: the way back is to step 2.
    const dialog = await screen.findByRole('dialog');
    expectShown(within(dialog).getByText('Do you want to return to step 2 to choose another station name?'));
    expectShown(within(dialog).getByRole('button', { name: 'Return to Step 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Stay Here' }));
    expectShown(await screen.findByRole('button', { name: 'Accept & Continue' }));
    // GET /terms failed here (404), so the page links to the terms as well as showing them.
    expectShown(screen.getByText('1. Description of the Service'));
    expect(screen.getByRole('link', { name: 'Read the Terms of Service' }).getAttribute('href')).toBe(
      '/terms',
    );
  });

  it('sends the draft, shows the test code, verifies and lands signed in on the dashboard', async () => {
    setCookie('csrf_token', 'c3');
    const user = userEvent.setup({ delay: null });
    const admin = sessionUser({ fullName: 'Ana Rivera', stationName: 'KXYZ Radio 101.5' });
    const fetchMock = mockSession(null, {
      ...botCheckHandlers,
      'POST /api/register/start': () => jsonResponse(startReply({ test_code: '482913' })),
      'POST /api/register/verify': () => jsonResponse(admin),
      'GET /terms': () => new Response('Terms of Service', { headers: { 'Content-Type': 'text/plain' } }),
    });
    const { router } = renderApp('/signup');
    await screen.findByLabelText(/^Full Name/);
    await completeStepsOneToFive(user, undefined, { timeZone: 'America/Los_Angeles' });

    expectShown(await screen.findByText('Test mode: your code is 482913'));
    expectShown(screen.getByText(/ending in 0134/));
    expectShown(screen.getByText(/Code expires in (10:00|9:5\d)/));

    const [startBody] = bodiesSentTo(fetchMock, 'POST', '/api/register/start');
    expect(startBody).toMatchObject({
      turnstileToken: SIGNUP_BOT_CHECK_PAYLOAD,
      email: ACCOUNT.email,
      password: ACCOUNT.password,
      phone_number: '+14155550134',
      admin_full_name: ACCOUNT.fullName,
      billing_email: ACCOUNT.billingEmail,
      station_name: 'KXYZ Radio 101.5',
      display_name: 'KXYZ Radio 101.5',
      brand_color: '#007bff',
      supported_languages: ['en'],
      // Step 3's primary language: the wizard's until another is chosen (decision 0083).
      primary_language: 'en',
      privacy_policy_url: `${window.location.origin}/privacy`,
      terms_url: `${window.location.origin}/terms`,
      // Step 3's choice (it starts as this browser's zone).
      time_zone: 'America/Los_Angeles',
      message_types: [
        { message_type: 'emergency', is_active: true },
        { message_type: 'alert', is_active: true },
        { message_type: 'station', is_active: true },
        { message_type: 'informational', is_active: true },
      ],
    });

    await user.click(screen.getByLabelText('Digit 1 of the verification code'));
    await user.keyboard('482913');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expectShown(await screen.findByText('Welcome back, Ana Rivera'));
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(bodiesSentTo(fetchMock, 'POST', '/api/register/verify')).toEqual([
      {
        registration_id: startReply().registration_id,
        verification_code: '482913',
      },
    ]);
  });

  it('asks for the bot check on step 5 before any code is sent, in English and in Spanish', async () => {
    setCookie('csrf_token', 'c5');
    const user = userEvent.setup({ delay: null });
    const fetchMock = mockSession(null, {
      ...botCheckHandlers,
      'POST /api/register/start': () => jsonResponse(startReply({ test_code: '123456' })),
    });
    renderApp('/signup');
    await screen.findByLabelText(/^Full Name/);
    await fillAccountStep(user);
    await clickContinue(user);
    await fill(user, 'Station Name', 'KXYZ Radio 101.5');
    await clickContinue(user);
    await screen.findByText('Supported Languages');
    await clickContinue(user);
    await screen.findByText('Message types');
    await clickContinue(user);
    await user.click(await screen.findByRole('checkbox', { name: /I have read and agree/ }));
    expectShown(
      screen.getByText(
        'One last check before we text your code: it keeps automated signups from sending texts.',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Accept & Continue' }));
    expectShown(await screen.findByText('Please complete the CAPTCHA verification'));
    expect(bodiesSentTo(fetchMock, 'POST', '/api/register/start')).toEqual([]);

    await i18n.changeLanguage('es');
    expectShown(
      await screen.findByText(
        'Una última comprobación antes de enviarle el código: impide que los registros automáticos envíen mensajes de texto.',
      ),
    );
    await i18n.changeLanguage('en');

    await passBotCheck('payload-after-asking');
    await user.click(screen.getByRole('button', { name: 'Accept & Continue' }));
    expectShown(await screen.findByText('Test mode: your code is 123456'));
    expect(bodiesSentTo(fetchMock, 'POST', '/api/register/start')).toMatchObject([
      { turnstileToken: 'payload-after-asking' },
    ]);
  });

  it("shows the server's text for a wrong code and stays on step 6", async () => {
    setCookie('csrf_token', 'c4');
    const user = userEvent.setup({ delay: null });
    mockSession(null, {
      ...botCheckHandlers,
      'POST /api/register/start': () => jsonResponse(startReply({ test_code: '111111' })),
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
    const { router } = renderApp('/signup');
    await screen.findByLabelText(/^Full Name/);
    await completeStepsOneToFive(user);
    await screen.findByText('Test mode: your code is 111111');

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expectShown(screen.getByText('Please enter the 6-digit verification code.'));

    await user.click(screen.getByLabelText('Digit 1 of the verification code'));
    await user.keyboard('222222');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Invalid verification code. 4 attempts left.',
    );
    expect(router.state.location.pathname).toBe('/signup');
  });
});
