import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo } from '../../test/api-mock';
import { setCookie } from '../../test/cookies';
import { jsonResponse, mockSession, renderApp } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import { registerReply, stationInfo } from './subscriber-test-helpers';

const INFO = 'GET /subscribe/demo/info?language=en';

function sentBody(fetchMock: ReturnType<typeof mockSession>, path: string): unknown {
  return callsTo(fetchMock, 'POST', path)[0]?.body;
}

/** Whether the page sent any registration (to /register or /verify). */
function registerCalls(fetchMock: ReturnType<typeof mockSession>) {
  return fetchMock.requests.filter((sent) => sent.path.includes('/register'));
}

async function fillPhone(user: ReturnType<typeof userEvent.setup>, digits: string) {
  await user.type(await screen.findByLabelText(/^Phone Number/), digits);
}

// Lazy pages and Mantine in happy-dom can take more than the default second on a busy machine.

afterEach(() => {
  vi.useRealTimers();
});

describe('JoinPage', () => {
  it('shows Station Not Found for an unknown station', async () => {
    mockSession(null, { [INFO]: () => jsonResponse({ error: 'Station not found' }, 404) });
    renderApp('/join/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Station Not Found' })).toBeVisible();
    expect(screen.getByText('The requested station could not be found.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
  });

  it('shows the closed notice instead of the form, and still links to unsubscribe', async () => {
    mockSession(null, { [INFO]: () => jsonResponse(stationInfo({ subscriptions_open: false })) });
    renderApp('/join/demo');
    expect(
      await screen.findByText('This station is not accepting new SMS subscriptions right now.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Phone Number/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Unsubscribe' })).toHaveAttribute('href', '/unsubscribe/demo');
  });

  it('shows the station, its consent text, the privacy and terms links and the unsubscribe link', async () => {
    mockSession(null, {
      [INFO]: () => jsonResponse(stationInfo({ logo_url: '/uploads/logo.png' })),
    });
    renderApp('/join/demo');
    expectShown(await screen.findByRole('heading', { level: 1, name: 'Subscribe to SMS Alerts' }));
    expect(screen.getByText('Demo Radio 101.5')).toBeVisible();
    expect(screen.getByRole('img', { name: 'Demo Radio 101.5 logo' })).toHaveAttribute(
      'src',
      '/uploads/logo.png',
    );
    expect(
      screen.getByRole('checkbox', {
        name: 'I consent to receive SMS alerts from Demo Radio 101.5 at this number. Message and data rates may apply.',
      }),
    ).toBeVisible();
    const main = within(screen.getByRole('main'));
    const privacy = main.getByRole('link', { name: /Privacy Policy/ });
    expect(privacy).toHaveAttribute('href', 'https://demoradio.example/privacy');
    expect(privacy).toHaveAttribute('target', '_blank');
    expect(main.getByRole('link', { name: /Terms of Service/ })).toHaveAttribute(
      'href',
      'https://demoradio.example/terms',
    );
    expect(screen.getByRole('link', { name: 'Unsubscribe' })).toHaveAttribute('href', '/unsubscribe/demo');
    const emergency = screen.getByRole('checkbox', { name: 'Emergency' });
    expect(emergency).toHaveAttribute('aria-describedby');
    expect(screen.getByText('Important time-sensitive updates')).toBeVisible();
  });

  it('names what is missing and sends nothing', async () => {
    const fetchMock = mockSession(null, { [INFO]: () => jsonResponse(stationInfo()) });
    renderApp('/join/demo');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Subscribe' }));

    // The submit waits for the phone checks, which load on demand (decision 0062).
    expect(await screen.findByText('Phone number is required')).toBeVisible();
    expect(screen.getByText('Please select at least one alert type')).toBeVisible();
    expect(screen.getByText('Please confirm that you consent to receive SMS messages.')).toBeVisible();
    await fillPhone(user, '41555');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByText('Please enter a valid US phone number.')).toBeVisible();
    expect(registerCalls(fetchMock)).toEqual([]);
  });

  it.each([
    [
      'en',
      'Subscribe',
      'Emergency',
      /I consent to receive SMS alerts/,
      'Only US phone numbers (+1) can be used.',
    ],
    [
      'es',
      'Suscribirse',
      'Emergency',
      /I consent to receive SMS alerts/,
      'Solo se pueden usar números de teléfono de EE. UU. (+1).',
    ],
  ])(
    'keeps a French number as typed, refuses it (%s) and sends nothing',
    async (language, subscribe, type, consent, refusal) => {
      localStorage.setItem('subscriberLanguage', language);
      const fetchMock = mockSession(null, {
        [INFO.replace('language=en', `language=${language}`)]: () => jsonResponse(stationInfo()),
      });
      renderApp('/join/demo');
      const user = userEvent.setup({ delay: null });
      const phone = (await screen.findByRole('textbox', {
        name: /^(Phone Number|Número de teléfono)/,
      })) as HTMLInputElement;
      await user.type(phone, '+33 7 81 23 45 67');
      expect(phone).toHaveValue('+33 7 81 23 45 67');
      await user.click(screen.getByRole('checkbox', { name: type }));
      await user.click(screen.getByRole('checkbox', { name: consent }));
      await user.click(screen.getByRole('button', { name: subscribe }));

      expectShown(await screen.findByText(refusal));
      expect(phone).toHaveValue('+33 7 81 23 45 67');
      expect(registerCalls(fetchMock)).toEqual([]);
    },
  );

  it('offers a language per checked type, defaulting to the first, and sends the choices', async () => {
    setCookie('csrf_token', 'j1');
    const fetchMock = mockSession(null, {
      [INFO]: () => jsonResponse(stationInfo()),
      'POST /subscribe/demo/register': () => jsonResponse(registerReply()),
    });
    renderApp('/join/demo');
    const user = userEvent.setup({ delay: null });
    await fillPhone(user, '4155550134');
    expect(screen.getByLabelText(/^Phone Number/)).toHaveValue('(415) 555-0134');

    expect(screen.queryByLabelText('Emergency: receive in')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Emergency' }));
    await user.click(screen.getByRole('checkbox', { name: 'Alert' }));
    const emergencyLanguage = screen.getByLabelText('Emergency: receive in') as HTMLSelectElement;
    expect(emergencyLanguage).toHaveValue('en');
    expect(
      within(emergencyLanguage)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['English', 'Español']);
    await user.selectOptions(screen.getByLabelText('Alert: receive in'), 'es');
    await user.click(screen.getByRole('checkbox', { name: /I consent to receive SMS alerts/ }));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    await screen.findByText(/We sent a 6-digit code to \(415\) 555-0134/);
    expect(sentBody(fetchMock, '/subscribe/demo/register')).toEqual({
      phone: '+14155550134',
      message_types: [
        { message_type: 'emergency', language: 'en' },
        { message_type: 'alert', language: 'es' },
      ],
      consent_given: true,
      consent_language: 'en',
    });
  });

  it('shows no language picker for a station with one language and sends that language', async () => {
    setCookie('csrf_token', 'j2');
    // The browser reads English; the station speaks only Spanish, so the page does too.
    const spanishOnly = () =>
      jsonResponse(
        stationInfo({
          languages: [{ id: 'l-es', language_code: 'es', display_name: 'Spanish', native_name: 'Español' }],
        }),
      );
    const fetchMock = mockSession(null, {
      [INFO]: spanishOnly,
      [INFO.replace('language=en', 'language=es')]: spanishOnly,
      'POST /subscribe/demo/register': () => jsonResponse(registerReply()),
    });
    renderApp('/join/demo');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^Número de teléfono/), '4155550134');
    await user.click(screen.getByRole('checkbox', { name: 'Station' }));
    expect(screen.queryByLabelText(/recibir en/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /I consent/ }));
    await user.click(screen.getByRole('button', { name: 'Suscribirse' }));
    await screen.findByText(/Enviamos un código de 6 dígitos/);
    expect(sentBody(fetchMock, '/subscribe/demo/register')).toMatchObject({
      message_types: [{ message_type: 'station', language: 'es' }],
    });
  });

  it("shows the server's refusal as given", async () => {
    setCookie('csrf_token', 'j3');
    mockSession(null, {
      [INFO]: () => jsonResponse(stationInfo()),
      'POST /subscribe/demo/register': () =>
        jsonResponse({ error: 'Please enter a valid US phone number.' }, 400),
    });
    renderApp('/join/demo');
    const user = userEvent.setup({ delay: null });
    await fillPhone(user, '4155550134');
    await user.click(screen.getByRole('checkbox', { name: 'Emergency' }));
    await user.click(screen.getByRole('checkbox', { name: /I consent/ }));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid US phone number.');
  });

  it('falls back to the generic error when the server gives no text', async () => {
    setCookie('csrf_token', 'j4');
    mockSession(null, {
      [INFO]: () => jsonResponse(stationInfo()),
      'POST /subscribe/demo/register': () => new Response('oops', { status: 502 }),
    });
    renderApp('/join/demo');
    const user = userEvent.setup({ delay: null });
    await fillPhone(user, '4155550134');
    await user.click(screen.getByRole('checkbox', { name: 'Emergency' }));
    await user.click(screen.getByRole('checkbox', { name: /I consent/ }));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred. Please try again.');
  });

  it("verifies with the test code shown on the page, then shows the station's thank-you page", async () => {
    setCookie('csrf_token', 'j5');
    const fetchMock = mockSession(null, {
      [INFO]: () => jsonResponse(stationInfo()),
      'POST /subscribe/demo/register': () => jsonResponse(registerReply({ test_code: '482913' })),
      'POST /subscribe/demo/verify': () => jsonResponse({ ok: true, message: 'Subscribed.' }),
    });
    const { router } = renderApp('/join/demo');
    const user = userEvent.setup({ delay: null });
    await fillPhone(user, '4155550134');
    await user.click(screen.getByRole('checkbox', { name: 'Emergency' }));
    await user.click(screen.getByRole('checkbox', { name: /I consent/ }));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(await screen.findByText('Test mode: your code is 482913')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Enter Your Code' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Please enter the 6-digit verification code')).toBeVisible();

    await user.click(screen.getByLabelText('Digit 1 of the verification code'));
    await user.keyboard('48a2913');
    expect(screen.getByLabelText('Digit 3 of the verification code')).toHaveValue('2');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { level: 1, name: "You're Subscribed!" })).toBeVisible();
    expect(router.state.location.pathname).toBe('/join/demo/thanks');
    expectShown(screen.getByText('Thank you! You will receive SMS alerts from Demo Radio 101.5.'));
    // The alerts chosen, how to stop, and the station's unsubscribe page: never our home page.
    const chosen = screen.getByRole('list');
    expectShown(within(chosen).getByText('Emergency'));
    expect(within(chosen).queryByText('Alert')).not.toBeInTheDocument();
    expectShown(screen.getByText('To stop at any time, reply STOP to any message from us.'));
    await user.click(screen.getByRole('link', { name: 'Unsubscribe page' }));
    expect(router.state.location.pathname).toBe('/unsubscribe/demo');
    expectShown(await screen.findByRole('heading', { level: 1, name: 'Unsubscribe from SMS Alerts' }));
    expect(sentBody(fetchMock, '/subscribe/demo/verify')).toEqual({
      contact_id: registerReply().contact_id,
      verification_code: '482913',
    });
  });

  it("shows a wrong code's error as given, and the spec's fallback without a text", async () => {
    setCookie('csrf_token', 'j6');
    let verifyReply = jsonResponse({ error: 'Invalid verification code. 4 attempts left.' }, 400);
    mockSession(null, {
      [INFO]: () => jsonResponse(stationInfo()),
      'POST /subscribe/demo/register': () => jsonResponse(registerReply()),
      'POST /subscribe/demo/verify': () => verifyReply,
    });
    renderApp('/join/demo');
    const user = userEvent.setup({ delay: null });
    await fillPhone(user, '4155550134');
    await user.click(screen.getByRole('checkbox', { name: 'Emergency' }));
    await user.click(screen.getByRole('checkbox', { name: /I consent/ }));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await user.click(await screen.findByLabelText('Digit 1 of the verification code'));
    await user.keyboard('111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Invalid verification code. 4 attempts left.',
    );

    verifyReply = new Response(null, { status: 400 });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Invalid verification code. Please try again.'),
    );

    verifyReply = new Response(null, { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Verification failed. Please try again.'),
    );
  });

  it('waits out the resend cooldown, then shows the new test code or the server refusal', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setCookie('csrf_token', 'j7');
    let resendReply = () =>
      jsonResponse({
        code_expires_at: new Date(Date.now() + 600_000).toISOString(),
        resend_available_at: new Date(Date.now() + 30_000).toISOString(),
        test_code: '654321',
      });
    mockSession(null, {
      [INFO]: () => jsonResponse(stationInfo()),
      'POST /subscribe/demo/register': () => jsonResponse(registerReply({ test_code: '123456' })),
      'POST /subscribe/demo/resend': () => resendReply(),
    });
    renderApp('/join/demo');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await fillPhone(user, '4155550134');
    await user.click(screen.getByRole('checkbox', { name: 'Emergency' }));
    await user.click(screen.getByRole('checkbox', { name: /I consent/ }));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    const resend = await screen.findByRole('button', { name: 'Resend Code' });
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/You can request a new code in (30|29) s\./)).toBeVisible();
    act(() => {
      vi.advanceTimersByTime(31_000);
    });
    await waitFor(() => expect((resend as HTMLButtonElement).disabled).toBe(false));
    await user.click(resend);
    expect(await screen.findByText('Test mode: your code is 654321')).toBeVisible();
    expect(screen.getByText('A new code is on its way.')).toBeVisible();

    resendReply = () => jsonResponse({ error: 'Please wait 12 seconds before requesting a new code.' }, 429);
    act(() => {
      vi.advanceTimersByTime(31_000);
    });
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Resend Code' }) as HTMLButtonElement).disabled).toBe(false),
    );
    await user.click(screen.getByRole('button', { name: 'Resend Code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please wait 12 seconds before requesting a new code.',
    );
  });

  it('goes straight to the thank-you page when no verification is needed', async () => {
    setCookie('csrf_token', 'j8');
    mockSession(null, {
      [INFO]: () => jsonResponse(stationInfo()),
      'POST /subscribe/demo/register': () => jsonResponse(registerReply({ requires_verification: false })),
    });
    const { router } = renderApp('/join/demo');
    const user = userEvent.setup({ delay: null });
    await fillPhone(user, '4155550134');
    await user.click(screen.getByRole('checkbox', { name: 'Emergency' }));
    await user.click(screen.getByRole('checkbox', { name: /I consent/ }));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(await screen.findByRole('heading', { level: 1, name: "You're Subscribed!" })).toBeVisible();
    expect(screen.queryByLabelText('Digit 1 of the verification code')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/join/demo/thanks');
    await user.click(screen.getByRole('link', { name: 'Change my choices' }));
    expectShown(await screen.findByRole('heading', { level: 1, name: 'Subscribe to SMS Alerts' }));
  });

  it('speaks Spanish', async () => {
    localStorage.setItem('subscriberLanguage', 'es');
    // The page asks for the consent text and the alert types in Spanish.
    mockSession(null, { [INFO.replace('language=en', 'language=es')]: () => jsonResponse(stationInfo()) });
    renderApp('/join/demo');
    const user = userEvent.setup({ delay: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Suscribirse a alertas por SMS' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Suscribirse' }));
    expect(screen.getByText('Seleccione al menos un tipo de alerta')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: 'Alert' }));
    expect(screen.getByText('Recibir en')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Cancelar la suscripción' })).toBeVisible();
  });
});
